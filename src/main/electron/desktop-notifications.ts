// Shows the notifications the engine decided on as the system's own, with the first
// output's picture; a click brings the window forward and opens what it was about.
import { Notification, type NativeImage } from 'electron'
import type { AppNotification, NotificationTarget } from '../../shared/app/notifications'

export interface DesktopNotifierOptions {
  /** The picture for a library file (relative path), or null. */
  image(relativePath: string): Promise<NativeImage | null>
  /** The user clicked it: bring the window forward and open the target. */
  open(target: NotificationTarget): void
}

// A shown notification is kept referenced until it closes: one that is garbage-collected
// early loses its click handler. Some Linux daemons never report closing, hence the cap.
const MAX_SHOWN = 20

export function desktopNotifier(opts: DesktopNotifierOptions): (n: AppNotification) => void {
  const shown = new Set<Notification>()
  const show = async (n: AppNotification) => {
    const icon = n.image ? await opts.image(n.image) : null
    const note = new Notification({ title: n.title, body: n.body, ...(icon ? { icon } : {}) })
    note.on('click', () => {
      shown.delete(note)
      opts.open(n.open)
    })
    note.on('close', () => shown.delete(note))
    shown.add(note)
    if (shown.size > MAX_SHOWN) shown.delete(shown.values().next().value as Notification)
    note.show()
  }
  return (n) => {
    if (!Notification.isSupported()) return
    show(n).catch((err: unknown) => console.error(`Could not show a notification: ${String(err)}`))
  }
}
