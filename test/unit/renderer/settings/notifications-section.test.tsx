// Settings → System notifications: all of them on or off, each kind on its own (saved at once),
// the kinds held off while all are off, and in the desktop app a word on the taskbar.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { NotificationsSection } from '../../../../src/renderer/features/settings/NotificationsSection'
import { useApp } from '../../../../src/renderer/stores/app'
import { useToasts } from '../../../../src/renderer/stores/toasts'
import { installFakeApi } from '../fake-api'
import { appInfo, resetStore, settings } from '../fixtures'

const api = installFakeApi()

beforeEach(() => {
  api.reset()
  resetStore(useApp)
  resetStore(useToasts)
  useApp.setState({ info: appInfo({ platform: 'electron' }), settings: settings() })
  // Only the fields these sections change; the rest as they were.
  api.handle('settings.update', ({ notifications, notificationKinds }) => {
    const now = useApp.getState().settings!
    return { ok: true, data: { ...now, notifications: notifications ?? now.notifications, notificationKinds: notificationKinds ?? now.notificationKinds } }
  })
})

const kind = (name: RegExp) => screen.getByRole('switch', { name }) as HTMLInputElement

describe('Settings → System notifications', () => {
  it('mutes one kind and keeps the others', async () => {
    render(<NotificationsSection />)
    expect([kind(/Finished jobs/), kind(/Failed jobs/), kind(/Needs attention/)].map((k) => k.checked)).toEqual([true, true, true])
    fireEvent.click(kind(/Finished jobs/))
    await waitFor(() => expect(kind(/Finished jobs/).checked).toBe(false))
    expect(api.callsTo('settings.update')).toEqual([{ notificationKinds: { done: false, failed: true, attention: true } }])
    expect(kind(/Failed jobs/).checked).toBe(true)
  })

  it('turned off, every kind shows off and cannot be changed until they are on again', async () => {
    render(<NotificationsSection />)
    fireEvent.click(screen.getByRole('switch', { name: /Show notifications/ }))
    await waitFor(() => expect(kind(/Failed jobs/).disabled).toBe(true))
    expect(api.callsTo('settings.update')).toEqual([{ notifications: false }])
    expect([kind(/Finished jobs/), kind(/Failed jobs/), kind(/Needs attention/)].map((k) => k.checked)).toEqual([false, false, false])
    // What each kind was is kept for when they are on again.
    expect(useApp.getState().settings?.notificationKinds).toEqual({ done: true, failed: true, attention: true })
  })

  it('says what went wrong when the change could not be saved', async () => {
    api.fail('settings.update', { code: 'internal', message: 'The settings file is read-only' })
    render(<NotificationsSection />)
    fireEvent.click(kind(/Needs attention/))
    await waitFor(() => expect(useToasts.getState().toasts.map((t) => t.message)).toEqual(['Could not save the notification settings: The settings file is read-only']))
  })

  it('in the desktop app, says the taskbar shows the running jobs; it asks no browser for anything', () => {
    render(<NotificationsSection />)
    expect(screen.getByTestId('settings-notifications').textContent).toContain('Running jobs also show on the taskbar or dock')
    expect(screen.queryByTestId('notification-permission')).toBeNull()
  })
})
