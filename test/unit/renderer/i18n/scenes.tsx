// Every view and dialog the pseudo-locale test draws, one line each: the state to set,
// what to draw, and what to click to reach a dialog. An area converted to the catalogs adds
// its views and dialogs here; the test fails on any word in them that is not translated.
// `translate="no"` marks the user's own content in the app itself; `allow` is for fixture
// text the app shows as it is and cannot mark.
import type { ReactElement } from 'react'
import { vi } from 'vitest'
import type { UserEvent } from '@testing-library/user-event'
import type { View } from '../../../../src/renderer/stores/navigation'
import { App, MissingTokenScreen } from '../../../../src/renderer/app/App'
import { StaleTokenScreen } from '../../../../src/renderer/app/StaleTokenScreen'
import { ViewErrorBoundary } from '../../../../src/renderer/ui/ViewErrorBoundary'
import { useApp } from '../../../../src/renderer/stores/app'
import { useLibraryMove } from '../../../../src/renderer/stores/library-move'
import type { FakeApi } from '../fake-api'
import { account, appInfo, settings } from '../fixtures'

export interface Scene {
  name: string
  /** The engine's answers and the stores' state before drawing (the defaults: demo mode, Settings' reads answered). */
  setup?: (api: FakeApi) => void
  /** A view of the app, drawn in the shell; or `draw`, something drawn alone. */
  view?: View
  draw?: () => ReactElement
  /** The clicks that reach a dialog or a state. */
  act?: (user: UserEvent, api: FakeApi) => Promise<void>
  /** Test ids that must be on screen before the words are read (what the scene is about). */
  shows?: string[]
  /** Fixture text the app shows as it is. */
  allow?: string[]
}

const LIVE = { mode: 'live', keySet: true, keyLast4: 'wxyz', connection: { state: 'connected', message: null } } as const
/** Before the engine has answered: nothing known yet. */
const starting = () => useApp.setState({ info: null, settings: null })
const live = () => useApp.setState({ info: appInfo(LIVE), me: account(1234), credits: 1234 })
const READY = { state: 'ready', currentVersion: '0.1.0', version: '0.2.0', releaseNotes: 'Faster gallery', message: null, checkedAt: null } as const

/** React and the boundary report a view's failure on the console; the scene expects it. */
const quietErrors = () => void vi.spyOn(console, 'error').mockImplementation(() => undefined)

function Broken(): ReactElement {
  throw new Error('the list could not be read')
}

export const SCENES: Scene[] = [
  { name: 'the start, while the engine answers', draw: () => <App />, setup: (api) => { starting(); api.handle('app.info', () => new Promise(() => undefined)) } },
  { name: 'the start, when the engine cannot be reached', draw: () => <App />, setup: (api) => { starting(); api.fail('app.info', { code: 'network', message: 'connect ECONNREFUSED' }) }, allow: ['connect ECONNREFUSED'] },
  { name: 'a page opened without its access link', draw: () => <MissingTokenScreen /> },
  { name: 'a tab of an earlier run of the host', draw: () => <StaleTokenScreen /> },
  { name: 'a view that failed', draw: () => <ViewErrorBoundary label="Queue"><Broken /></ViewErrorBoundary>, setup: quietErrors, shows: ['view-failed'] },
  { name: 'Settings in demo mode, with the shell', view: 'settings', shows: ['demo-banner', 'language-select', 'theme-choice'] },
  { name: 'Settings with a live account', view: 'settings', setup: live, shows: ['account-facts', 'webhook-health'] },
  { name: 'Settings: the key rejected', view: 'settings', setup: () => useApp.setState({ info: appInfo({ ...LIVE, connection: { state: 'rejected', message: 'The API key was rejected by the service' } }) }) },
  { name: 'Settings: the service unreachable', view: 'settings', setup: () => useApp.setState({ info: appInfo({ ...LIVE, connection: { state: 'unreachable', message: null } }) }) },
  { name: 'Settings: a key needed for a new address', view: 'settings', setup: () => useApp.setState({ info: appInfo({ keyNeeded: 'The service URL now points to https://other.example.com' }) }) },
  { name: 'Settings: confirming the key’s removal', view: 'settings', setup: live, act: async (user) => user.click(await findTestId('api-key-clear')), shows: ['api-key-clear-confirm'] },
  { name: 'Settings: a library move under way', view: 'settings', setup: () => { live(); useLibraryMove.setState({ moving: true, progress: { phase: 'copy', doneBytes: 1_500_000, totalBytes: 40_000_000, doneFiles: 3, totalFiles: 12 } }) }, shows: ['library-move-progress'] },
  { name: 'Settings: the library repaired', view: 'settings', setup: (api) => api.answer('library.repair', { checked: 3, damaged: [], lines: [] }), act: async (user) => user.click(await findTestId('repair-library')), shows: ['repair-report'] },
  { name: 'Settings in the desktop app, an update ready, no keyring', view: 'settings', setup: (api) => { api.answer('updates.status', READY); useApp.setState({ info: appInfo({ ...LIVE, platform: 'electron', keyProtection: 'basic_text' }), settings: settings({ autoUpdate: true }) }) }, shows: ['update-banner', 'settings-updates', 'key-protection-warning'] },
  { name: 'a notice from main, with its job', view: 'settings', act: async (_user, api) => api.emit('notice', { level: 'error', message: 'The engine could not start: disk full.', key: 'main:engine.startFailed', values: { reason: 'disk full', seconds: 5 }, jobId: 'job-1' }), shows: ['toast'] }
]

async function findTestId(id: string): Promise<HTMLElement> {
  const { screen } = await import('@testing-library/react')
  return screen.findByTestId(id)
}
