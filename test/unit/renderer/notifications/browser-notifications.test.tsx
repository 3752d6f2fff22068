// The page's part in notifications. In a browser (the Node host's page) it shows the
// engine's notifications through the Notifications API, only with permission, which it
// asks for only from the user's own click (turning notifications on, "Allow", the first
// Generate), never on load; a click on one focuses the page and opens the result. In the
// desktop app it opens what a clicked system notification was about.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { NotificationsSection } from '../../../../src/renderer/features/settings/NotificationsSection'
import { useNotificationEvents } from '../../../../src/renderer/app/use-notification-events'
import { SubmitPanel } from '../../../../src/renderer/components/submit/SubmitPanel'
import { libraryUrl } from '../../../../src/renderer/api/transport'
import { useApp } from '../../../../src/renderer/stores/app'
import { useNavigation } from '../../../../src/renderer/stores/navigation'
import type { AppNotification } from '../../../../src/shared/app/notifications'
import { installFakeApi } from '../fake-api'
import { appInfo, resetStore, settings } from '../fixtures'

const api = installFakeApi()

/** The browser's Notifications API, as the page sees it: a permission, a request for it, and notifications shown. */
class FakeNotification {
  static permission: NotificationPermission = 'default'
  static readonly requestPermission = vi.fn(async (): Promise<NotificationPermission> => (FakeNotification.permission = 'granted'))
  static readonly shown: FakeNotification[] = []
  onclick: (() => void) | null = null
  closed = false
  constructor(readonly title: string, readonly options: NotificationOptions) {
    FakeNotification.shown.push(this)
  }
  close(): void {
    this.closed = true
  }
}

const DONE: AppNotification = {
  id: 'n-1', kind: 'done', title: 'Job done', body: 'i1-1: a lighthouse', image: 'thumbs/job-7/0.webp', open: { view: 'gallery', jobId: 'job-7' }
}

function Listening() {
  useNotificationEvents()
  return null
}

let focused = false
beforeEach(() => {
  api.reset()
  resetStore(useApp)
  resetStore(useNavigation)
  localStorage.clear()
  FakeNotification.permission = 'default'
  FakeNotification.requestPermission.mockClear()
  FakeNotification.shown.length = 0
  vi.stubGlobal('Notification', FakeNotification)
  focused = false
  vi.spyOn(document, 'hasFocus').mockImplementation(() => focused)
  useApp.setState({ info: appInfo({ platform: 'browser' }), settings: settings() })
  // Only the fields these sections change; the rest as they were.
  api.handle('settings.update', ({ notifications, notificationKinds }) => {
    const now = useApp.getState().settings!
    return { ok: true, data: { ...now, notifications: notifications ?? now.notifications, notificationKinds: notificationKinds ?? now.notificationKinds } }
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('in a browser', () => {
  it('never asks for permission on load: not for Settings, not for listening to events', () => {
    render(
      <>
        <Listening />
        <NotificationsSection />
      </>
    )
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled()
    expect(screen.getByTestId('notification-permission').dataset['permission']).toBe('default')
  })

  it('asks when the user turns notifications on, from that click, and says the browser now shows them', async () => {
    useApp.setState({ settings: settings({ notifications: false }) })
    render(<NotificationsSection />)
    fireEvent.click(screen.getByRole('switch', { name: /Show notifications/ }))
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(screen.getByTestId('notification-permission').dataset['permission']).toBe('granted'))
    expect(api.callsTo('settings.update')).toEqual([{ notifications: true }])
  })

  it('asks from “Allow notifications”', async () => {
    render(<NotificationsSection />)
    fireEvent.click(screen.getByTestId('notification-allow'))
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(screen.queryByTestId('notification-allow')).toBeNull())
  })

  it('asks on the first Generate only, and not at all with notifications off', () => {
    const panel = <SubmitPanel estimate={{ state: 'ready', credits: 1, explanation: '' }} valid details={{}} busy={false} onSubmit={() => undefined} />
    const { unmount } = render(panel)
    useApp.setState({ settings: settings({ notifications: false }) })
    fireEvent.click(screen.getByTestId('submit-job'))
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled()
    useApp.setState({ settings: settings() })
    fireEvent.click(screen.getByTestId('submit-job'))
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1)
    // Dismissed without an answer: it stays "default", and the next sends do not ask again.
    FakeNotification.permission = 'default'
    fireEvent.click(screen.getByTestId('submit-job'))
    unmount()
    render(panel)
    fireEvent.click(screen.getByTestId('submit-job'))
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1)
  })

  it('shows the engine’s notification with its picture while the page is in the background; a click focuses the page and opens the result', () => {
    FakeNotification.permission = 'granted'
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined)
    render(<Listening />)
    api.emit('notification', DONE)
    expect(FakeNotification.shown).toHaveLength(1)
    const [note] = FakeNotification.shown
    expect(note!.title).toBe('Job done')
    expect(note!.options).toEqual({ body: 'i1-1: a lighthouse', tag: 'n-1', icon: libraryUrl('thumbs/job-7/0.webp') })
    note!.onclick!()
    expect(focus).toHaveBeenCalled()
    expect(useNavigation.getState()).toMatchObject({ view: 'gallery', galleryItem: 'job-7' })
    expect(note!.closed).toBe(true)
  })

  it('shows nothing while the page has the focus, nor without permission', () => {
    render(<Listening />)
    FakeNotification.permission = 'granted'
    focused = true
    api.emit('notification', DONE)
    focused = false
    FakeNotification.permission = 'denied'
    api.emit('notification', DONE)
    expect(FakeNotification.shown).toEqual([])
  })
})

describe('in the desktop app', () => {
  it('opens what a clicked system notification was about, and leaves showing them to the app', () => {
    useApp.setState({ info: appInfo({ platform: 'electron' }) })
    FakeNotification.permission = 'granted'
    render(<Listening />)
    api.emit('notification', DONE)
    expect(FakeNotification.shown).toEqual([])
    api.emit('notification.open', { view: 'settings', jobId: null })
    expect(useNavigation.getState().view).toBe('settings')
    api.emit('notification.open', { view: 'gallery', jobId: 'job-9' })
    expect(useNavigation.getState()).toMatchObject({ view: 'gallery', galleryItem: 'job-9' })
  })
})
