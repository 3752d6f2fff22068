// The page's own notifications, for the app in a browser (the Node host): the engine
// decides what to say and sends it as an event; the page shows it through the browser's
// Notifications API, only with the user's permission, asked for only from something the
// user did (turning notifications on, the first Generate) and never on load.
import type { AppNotification } from '../../../shared/app/notifications'
import { libraryUrl } from '../../api/transport'
import { readSaved, writeSaved } from '../../stores/saved'
import { useApp } from '../../stores/app'
import { z } from 'zod'
import { openNotificationTarget } from './open-target'

export type BrowserPermission = NotificationPermission | 'unsupported'

/** Set once the page has asked on the first send, so it does not ask at every send after a "not now". */
const ASKED_KEY = 'notificationsAsked'

function api(): typeof Notification | null {
  return typeof globalThis.Notification === 'function' ? globalThis.Notification : null
}

export function browserPermission(): BrowserPermission {
  return api()?.permission ?? 'unsupported'
}

/** Asks the browser for permission; call it only from a user's click or key press. */
export async function askPermission(): Promise<BrowserPermission> {
  const N = api()
  if (!N) return 'unsupported'
  writeSaved(ASKED_KEY, true)
  if (N.permission !== 'default') return N.permission
  return N.requestPermission()
}

/** In a browser with notifications on and the question never asked: ask, on the user's first send. */
export function askOnFirstSend(): void {
  const { info, settings } = useApp.getState()
  if (info?.platform !== 'browser' || !settings?.notifications) return
  if (browserPermission() !== 'default' || readSaved(ASKED_KEY, z.boolean())) return
  void askPermission()
}

/** Shows the engine's notification, unless the page is in front (it says it all itself). */
export function showInBrowser(n: AppNotification): void {
  const N = api()
  if (!N || N.permission !== 'granted' || document.hasFocus()) return
  const note = new N(n.title, { body: n.body, tag: n.id, ...(n.image ? { icon: libraryUrl(n.image) } : {}) })
  note.onclick = () => {
    window.focus()
    openNotificationTarget(n.open)
    note.close()
  }
}
