// What only the desktop can do for the engine: show a file in the file manager, open a
// web link in the user's browser, raise an OS notification.
import { Notification, shell } from 'electron'
import type { PlatformHooks } from '../core/app/ports'

/** Only http(s) URLs leave the app; `file:`, `javascript:`, custom schemes and the like never do. */
export function externalUrl(raw: string): string | null {
  try {
    const u = new URL(raw)
    if ((u.protocol !== 'http:' && u.protocol !== 'https:') || !u.hostname) return null
    return u.href
  } catch {
    return null
  }
}

// A shown notification is kept referenced until it closes: one that is garbage-collected
// early loses its click handler. Some Linux daemons never report closing, hence the cap.
const shown = new Set<Notification>()
const MAX_SHOWN = 20

export function electronHooks(onActivate: () => void): PlatformHooks {
  return {
    platform: 'electron',

    revealFile(absolutePath) {
      shell.showItemInFolder(absolutePath)
    },

    async openExternal(url) {
      const safe = externalUrl(url)
      if (!safe) throw new Error('Only web links (http or https) can be opened')
      // The engine's route is the only caller, and the URL was re-parsed and limited to http(s) above.
      await shell.openExternal(safe) /* eng-disable OPEN_EXTERNAL_JS_CHECK */
    },

    notify(title, body) {
      if (!Notification.isSupported()) return
      const note = new Notification({ title, body })
      // Clicking it brings the app forward, where the queue shows the job.
      note.on('click', () => {
        shown.delete(note)
        onActivate()
      })
      note.on('close', () => shown.delete(note))
      shown.add(note)
      if (shown.size > MAX_SHOWN) shown.delete(shown.values().next().value as Notification)
      note.show()
    }
  }
}
