// The app's own scheme for its page: the built renderer is served as
// `app://mediagen/<path>`, never from file://. A standard, secure scheme gives the page an
// origin of its own (so 'self' in its CSP means the app and nothing else on disk), and
// lets Electron's `GrantFileProtocolExtraPrivileges` fuse stay off. Kept free of Electron
// so the parsing can be tested under plain Node.
import { schemePathOf } from './scheme-url'

export const APP_SCHEME = 'app'
export const APP_HOST = 'mediagen'
const ENTRY_PATH = 'index.html'
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/${ENTRY_PATH}`

/** The path inside the renderer folder that an app URL names (the entry page for the root), or null. */
export function rendererPathOf(url: string): string | null {
  const path = schemePathOf(url, APP_SCHEME, APP_HOST)
  return path === '' ? ENTRY_PATH : path
}

/** Whether an app URL names the entry page (whatever its query and fragment). */
export function isAppEntry(url: string): boolean {
  return rendererPathOf(url) === ENTRY_PATH
}
