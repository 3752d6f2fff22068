// The page's side of updates: a banner when a verified update waits to be installed, with
// what is new and "Restart to update"; and Settings → Updates, with the automatic-check
// toggle (saved at once), what the last check found, and "Check now".
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { UpdateStatus } from '../../../../src/shared/app/updates'
import { UpdateBanner } from '../../../../src/renderer/app/UpdateBanner'
import { UpdatesSection } from '../../../../src/renderer/features/settings/UpdatesSection'
import { useApp } from '../../../../src/renderer/stores/app'
import { useToasts } from '../../../../src/renderer/stores/toasts'
import { installFakeApi } from '../fake-api'
import { appInfo, resetStore, settings } from '../fixtures'

const api = installFakeApi()

function status(over: Partial<UpdateStatus> = {}): UpdateStatus {
  return { state: 'idle', currentVersion: '0.1.0', version: null, releaseNotes: null, message: null, checkedAt: null, ...over }
}
const READY = status({ state: 'ready', version: '0.2.0', releaseNotes: 'A faster gallery.\nFewer clicks.', message: 'It will be installed when you quit MediaGen Studio.' })

beforeEach(() => {
  api.reset()
  resetStore(useApp)
  resetStore(useToasts)
})

describe('UpdateBanner', () => {
  it('shows nothing until an update is ready, then the version, what is new and the restart action', async () => {
    api.answer('updates.status', status({ state: 'downloading', version: '0.2.0' }))
    render(<UpdateBanner />)
    await waitFor(() => expect(api.callsTo('updates.status')).toHaveLength(1))
    expect(screen.queryByTestId('update-banner')).toBeNull()
    api.emit('update.changed', READY)
    expect((await screen.findByTestId('update-banner')).textContent).toContain('MediaGen Studio 0.2.0 is ready. It will be installed when you quit.')
    expect(screen.getByTestId('update-notes').textContent).toBe('A faster gallery.\nFewer clicks.')
  })

  it('shows an update that was ready before the page opened', async () => {
    api.answer('updates.status', READY)
    render(<UpdateBanner />)
    expect(await screen.findByTestId('update-banner')).toBeTruthy()
  })

  it('restarts to update when asked, and says why when it cannot', async () => {
    api.answer('updates.status', READY)
    api.fail('updates.restart', { code: 'conflict', message: 'There is no downloaded update to install.' })
    render(<UpdateBanner />)
    fireEvent.click(await screen.findByRole('button', { name: 'Restart to update' }))
    await waitFor(() => expect(useToasts.getState().toasts.map((t) => t.message)).toEqual(['There is no downloaded update to install.']))
    expect(api.callsTo('updates.restart')).toEqual([{}])
  })

  it('hides on “Later” until another version is ready', async () => {
    api.answer('updates.status', READY)
    render(<UpdateBanner />)
    fireEvent.click(await screen.findByRole('button', { name: 'Later' }))
    expect(screen.queryByTestId('update-banner')).toBeNull()
    api.emit('update.changed', { ...READY, version: '0.3.0' })
    expect((await screen.findByTestId('update-banner')).textContent).toContain('0.3.0')
  })
})

describe('UpdatesSection', () => {
  function inDesktopApp(autoUpdate = true) {
    useApp.setState({ info: appInfo({ platform: 'electron' }), settings: settings({ autoUpdate }) })
  }

  it('saves “Check for updates automatically” at once', async () => {
    inDesktopApp(true)
    api.answer('updates.status', status())
    api.handle('settings.update', (patch) => ({ ok: true, data: settings({ autoUpdate: patch.autoUpdate ?? true }) }))
    render(<UpdatesSection />)
    const toggle = () => screen.getByRole<HTMLInputElement>('switch', { name: /Check for updates automatically/ })
    await waitFor(() => expect(toggle().checked).toBe(true))
    fireEvent.click(toggle())
    await waitFor(() => expect(toggle().checked).toBe(false))
    expect(api.callsTo('settings.update')).toEqual([{ autoUpdate: false }])
  })

  it('checks now and shows what the check found', async () => {
    inDesktopApp()
    api.answer('updates.status', status())
    api.answer('updates.check', status({ state: 'unreachable', message: 'The update server could not be reached. MediaGen Studio will try again later.' }))
    render(<UpdatesSection />)
    expect((await screen.findByTestId('update-status')).textContent).toContain('Version 0.1.0. Not checked yet.')
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }))
    await waitFor(() => expect(screen.getByTestId('update-status').textContent).toContain('could not be reached'))
    // Offline is said here, where it was asked about, and never as a toast.
    expect(useToasts.getState().toasts).toEqual([])
    api.emit('update.changed', status({ state: 'up-to-date', checkedAt: '2030-01-02T03:04:05.000Z' }))
    await waitFor(() => expect(screen.getByTestId('update-status').textContent).toContain('MediaGen Studio 0.1.0 is up to date'))
  })

  it('says so when this copy does not update itself, with no toggle', async () => {
    inDesktopApp()
    api.answer('updates.status', status({ state: 'unsupported', message: 'This copy of MediaGen Studio does not update itself.' }))
    render(<UpdatesSection />)
    expect(await screen.findByText('This copy of MediaGen Studio does not update itself.')).toBeTruthy()
    expect(screen.queryByRole('switch')).toBeNull()
  })

  it('is not shown in a browser', async () => {
    useApp.setState({ info: appInfo({ platform: 'browser' }), settings: settings() })
    api.answer('updates.status', status({ state: 'unsupported', message: 'x' }))
    render(<UpdatesSection />)
    await waitFor(() => expect(api.callsTo('updates.status')).toHaveLength(1))
    expect(screen.queryByTestId('settings-updates')).toBeNull()
  })
})
