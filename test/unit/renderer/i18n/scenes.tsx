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
import { SubmitPanel } from '../../../../src/renderer/components/submit/SubmitPanel'
import { batchEstimate } from '../../../../src/renderer/features/create/use-plan-estimate'
import { LegacyCostTable } from '../../../../src/renderer/features/legacy/LegacyCostTable'
import { useApp } from '../../../../src/renderer/stores/app'
import { useJobs } from '../../../../src/renderer/stores/jobs'
import { useLibraryMove } from '../../../../src/renderer/stores/library-move'
import { useLibrary } from '../../../../src/renderer/stores/library'
import { useLibraryImport } from '../../../../src/renderer/stores/library-import'
import { TagsDialog } from '../../../../src/renderer/features/gallery/TagsDialog'
import { ImportFolderDialog } from '../../../../src/renderer/features/gallery/ImportFolderDialog'
import { SmartCollections } from '../../../../src/renderer/features/gallery/SmartCollections'
import { BoardControls } from '../../../../src/renderer/features/gallery/BoardControls'
import { TagFilter } from '../../../../src/renderer/features/gallery/TagFilter'
import { useBoards } from '../../../../src/renderer/stores/boards'
import { ActionsDialog } from '../../../../src/renderer/components/actions/ActionsDialog'
import { LimitsLines } from '../../../../src/renderer/components/spend-limits/LimitsLines'
import { AskFirstDialog } from '../../../../src/renderer/app/AskFirstDialog'
import { useSpendLimits } from '../../../../src/renderer/stores/spend-limits'
import type { LibraryFile } from '../../../../src/shared/app/views'
import type { FakeApi } from '../fake-api'
import { account, appInfo, jobView, libraryEntry, settings } from '../fixtures'
import { CREATE_SCENES } from './create-scenes'
import { GALLERY_LOOK_SCENES } from './gallery-look-scenes'
import { LORA_TOOL_SCENES } from './lora-tool-scenes'

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

const AT = '2026-01-01T00:00:00.000Z'
const TAGGED = () => useLibrary.setState({ pages: { 0: [libraryEntry({ jobId: 'a', tags: ['sunset'] }), libraryEntry({ jobId: 'b', tags: ['sunset', 'sea'] })] }, total: 2, loaded: true })
const IMPORTED = { dir: '/pictures', found: 1204, done: 1204, imported: 1187, duplicates: 12, skipped: 5, cancelled: false, skippedFiles: [{ path: 'notes.txt', reason: 'Not a picture this app recognises', key: 'main:importSkip.notMedia' }, { path: 'clip.mp4', reason: 'A video file: only pictures are imported', key: 'main:importSkip.notPicture', values: { kind: 'video' } }] }
const FOLDERS = [
  { id: 'f1', name: 'Clients', kind: 'folder' as const, parent: null, createdAt: AT, count: 0 },
  { id: 'b1', name: 'Logos', kind: 'board' as const, parent: 'f1', createdAt: AT, count: 4 }
]

const LIVE = { mode: 'live', keySet: true, keyLast4: 'wxyz', connection: { state: 'connected', message: null } } as const
/** Before the engine has answered: nothing known yet. */
const starting = () => useApp.setState({ info: null, settings: null })
const live = () => useApp.setState({ info: appInfo(LIVE), me: account(1234), credits: 1234 })
const READY = { state: 'ready', currentVersion: '0.1.0', version: '0.2.0', releaseNotes: 'Faster gallery', message: null, checkedAt: null } as const

/** What the engine says of one job's price, shown as it comes. */
const PRICED = { state: 'ready', credits: 8, explanation: 'flat price per job' } as const
/** Thirty days of spend on two models, and all three spending limits set. */
function spendFigures(api: FakeApi): void {
  const days = Array.from({ length: 30 }, (_, i) => ({ date: `2026-10-${String(i + 1).padStart(2, '0')}`, spent: 10 * i, refunded: i % 3, jobs: i, balance: 5000 - i }))
  api.answer('spend.summary', { scope: 'mine', days, models: [{ model: 'i1-1', spent: 300, refunded: 6, jobs: 100 }, { model: 'v2-1', spent: 1400, refunded: 0, jobs: 10 }], totals: { spent: 1700, refunded: 6, jobs: 110 }, balance: 4970 })
  api.answer('limits.get', { daily: 500, monthly: 5000, askAbove: 100, spentToday: 120, spentThisMonth: 1700 })
}

/** Main's question, said in main's language and shown as it comes. */
const ASKED = 'This send costs 120 credits, above your ask-first threshold of 100. Send it?'

/** React and the boundary report a view's failure on the console; the scene expects it. */
const quietErrors = () => void vi.spyOn(console, 'error').mockImplementation(() => undefined)

function Broken(): ReactElement {
  throw new Error('the list could not be read')
}

const PICTURE: LibraryFile = {
  index: 0, role: 'image', url: null, path: 'files/job-1/0.png', thumbnail: null, state: 'saved', lostReason: null,
  bytes: 1000, sha256: 'ab', mime: 'image/png', width: 1024, height: 768, durationSeconds: null
}
/** The actions on a result of I6 (varied on another model), opened on `first`. */
const actionsOn = (first: 'vary-region' | 'animate' | null) => () => (
  <ActionsDialog entry={libraryEntry({ model: 'i6-1', files: [PICTURE] })} file={PICTURE} first={first} onClose={() => undefined} />
)

// One job in each state the queue words differ by: running, saved, lost, failed, cancelled.
const QUEUE_JOBS = [
  jobView({ localId: 'q1', jobId: 'j1', submission: 'accepted', status: 'PROCESSING', progress: 40 }),
  jobView({ localId: 'q2', jobId: 'j2', submission: 'accepted', status: 'COMPLETED', saved: 'saved', completedAt: AT }),
  jobView({ localId: 'q3', jobId: 'j3', submission: 'accepted', status: 'COMPLETED', saved: 'lost', completedAt: AT }),
  jobView({ localId: 'q4', jobId: 'j4', submission: 'accepted', status: 'FAILED' }),
  jobView({ localId: 'q5', jobId: 'j5', submission: 'accepted', status: 'CANCELLED' })
]

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
  ...GALLERY_LOOK_SCENES,
  ...LORA_TOOL_SCENES,
  ...CREATE_SCENES,
  { name: 'Spend, with limits set and a month of jobs', view: 'spend', setup: spendFigures, shows: ['spend-totals', 'spend-models', 'spend-limits'] },
  { name: 'Spend with nothing finished yet', view: 'spend', setup: (api) => api.answer('spend.summary', { scope: 'mine', days: [], models: [], totals: { spent: 0, refunded: 0, jobs: 0 }, balance: null }), shows: ['spend-totals'] },
  { name: 'Legacy video: the price table of each model, with audio', draw: () => <>{(['lv-a', 'lv-b'] as const).map((m) => <LegacyCostTable key={m} model={m} resolution="720p" duration={8} audio={m === 'lv-b'} />)}</> },
  { name: 'Queue with no jobs yet', view: 'queue', setup: (api) => api.answer('jobs.list', []), shows: ['view-queue'] },
  { name: 'Queue with jobs running, saved, lost and failed', view: 'queue', setup: (api) => { api.answer('jobs.list', QUEUE_JOBS); api.answer('library.get', libraryEntry({ jobId: 'j3' })); useJobs.setState({ byId: Object.fromEntries(QUEUE_JOBS.map((j) => [j.localId, j])), loaded: true }) }, shows: ['view-queue', 'job-list'] },
  { name: 'Gallery: tags of a selection', draw: () => <TagsDialog jobIds={['a', 'b']} onClose={() => undefined} />, setup: (api) => { TAGGED(); api.answer('tags.suggest', [{ name: 'sunrise', count: 7 }]) }, act: async (user) => user.type(await findTestId('tags-add'), 's'), shows: ['tags-add-suggestions'] },
  { name: 'Gallery: the tag filter, two tags', draw: () => <TagFilter />, setup: () => useLibrary.setState({ filters: { tagsAll: ['sunset', 'sea'] } }), shows: ['tag-match-all'] },
  { name: 'Gallery: a folder of boards picked, its menu open on the step that asks to confirm', draw: () => <BoardControls />, setup: () => { useBoards.setState({ boards: FOLDERS }); useLibrary.setState({ filters: { board: 'b1' } }) }, act: async (user) => { await user.click(await findTestId('board-menu')); await user.click(await findTestId('board-delete')) }, shows: ['board-menu-items', 'board-move-top', 'board-confirm-delete'] },
  { name: 'Gallery: smart collections, one shown and changed', draw: () => <SmartCollections />, setup: (api) => { api.answer('library.list', { entries: [], total: 0 }); api.answer('smartCollections.list', [{ id: 's1', name: 'Sea', filter: { tagsAny: ['sea'] }, createdAt: AT, updatedAt: AT, count: 10000, countIsLowerBound: true }]); useLibrary.setState({ filters: { tagsAny: ['sea'] } }) }, act: async (user) => { await user.selectOptions(await findTestId('smart-collection'), 's1'); useLibrary.setState({ filters: { tagsAny: ['sea'], favorite: true } }) }, shows: ['smart-update', 'smart-delete'] },
  { name: 'Gallery: importing a folder', draw: () => <ImportFolderDialog onClose={() => undefined} />, setup: () => useLibraryImport.setState({ running: true, progress: { phase: 'import', dir: '/pictures', found: 1204, done: 310, imported: 300, duplicates: 4, skipped: 6 } }), shows: ['import-progress'] },
  { name: 'Gallery: a folder imported, with files skipped', draw: () => <ImportFolderDialog onClose={() => undefined} />, setup: () => useLibraryImport.setState({ running: false, progress: null, result: IMPORTED }), shows: ['import-summary'] },
  { name: 'the actions on a result, each with its model, price and key', draw: actionsOn(null), shows: ['actions-menu', 'action-vary-strong'] },
  { name: 'Vary region: the painter over a result', draw: actionsOn('vary-region'), shows: ['vary-region', 'mask-painter', 'region-send'] },
  { name: 'Animate: a result as the first frame, its duration and price', draw: actionsOn('animate'), shows: ['animate', 'animate-cost'] },
  { name: 'Create’s submit panel: a batch of 4 priced, more than the balance', draw: () => <SubmitPanel estimate={batchEstimate(PRICED, 4)} valid details={{}} busy={false} onSubmit={() => undefined} requestBody={{ model: 'i3-1' }} />, setup: () => useApp.setState({ credits: 20 }), shows: ['cost-short', 'cost-breakdown'], allow: [PRICED.explanation] },
  { name: 'beside Generate: today’s and this month’s limits, today’s nearly used', draw: () => <dl><LimitsLines cost={50} /></dl>, setup: (api) => api.answer('limits.get', { daily: 500, monthly: 5000, askAbove: 100, spentToday: 480, spentThisMonth: 1700 }), shows: ['limit-today', 'limit-month'] },
  { name: 'a send above the ask-first threshold, asked about', draw: () => <AskFirstDialog />, setup: () => useSpendLimits.setState({ questions: [{ message: ASKED, answer: () => undefined }] }), shows: ['ask-first-message'], allow: [ASKED] },
  { name: 'a notice from main, with its job', view: 'settings', act: async (_user, api) => api.emit('notice', { level: 'error', message: 'The engine could not start: disk full.', key: 'main:engine.startFailed', values: { reason: 'disk full', seconds: 5 }, jobId: 'job-1' }), shows: ['toast'] }
]

async function findTestId(id: string): Promise<HTMLElement> {
  const { screen } = await import('@testing-library/react')
  return screen.findByTestId(id)
}
