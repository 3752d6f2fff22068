// Who may talk to the main process: the app's own window, from its top-level frame, while
// that frame shows one of the app's pages. Checked before anything else looks at a message,
// so an iframe, a page navigated elsewhere or any other web contents gets nowhere.
import type { IpcMainEvent, IpcMainInvokeEvent, WebContents } from 'electron'
import type { AppPages } from './app-pages'

export interface SenderPolicy {
  pages: AppPages
  /** Whether these are the web contents of the app's window. */
  isAppContents(contents: WebContents): boolean
}

export function senderIsApp(event: IpcMainEvent | IpcMainInvokeEvent, policy: SenderPolicy): boolean {
  const frame = event.senderFrame
  if (!frame || frame.isDestroyed()) return false
  const contents = event.sender
  if (contents.isDestroyed() || !policy.isAppContents(contents)) return false
  const top = contents.mainFrame
  const isTopFrame = frame === top || (frame.processId === top.processId && frame.routingId === top.routingId)
  return isTopFrame && frame.parent === null && policy.pages.isAppUrl(frame.url)
}
