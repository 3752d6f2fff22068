// The app's own URL schemes, registered before the app is ready. Electron takes this list
// once: a second call would replace the first, so every scheme is registered here.
import { protocol } from 'electron'
import { APP_SCHEME } from './app-url'
import { LIBRARY_SCHEME } from './library-url'

export function registerAppSchemes(): void {
  protocol.registerSchemesAsPrivileged([
    // The page: standard (relative URLs, its own origin, web storage) and secure (a
    // secure context, like https), so its module scripts and 'self' work without the
    // file scheme's extra privileges. The build loads its scripts and styles with
    // `crossorigin`, which Chromium fetches in CORS mode only from CORS-enabled schemes;
    // that lets no one read more than the app's own built files, which hold nothing
    // private. No `bypassCSP`: the page's CSP applies in full.
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true } },
    // Library files for <img>, <video> and <audio>, which stream them. The page's CSP names this scheme.
    { scheme: LIBRARY_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } }
  ])
}
