// The browser-side locks: the page's Content-Security-Policy, permissions, and what any
// web contents may do (navigate, open windows, attach webviews). Everything not needed by
// the app is refused; nothing here depends on the page behaving.
import { app, type Session, type WebContents } from 'electron'
import type { AppPages } from './app-origin'

/** Permissions the page actually uses; every other request and check is denied. */
const ALLOWED_PERMISSIONS = new Set<string>([
  // navigator.clipboard.writeText (copy a prompt or a seed).
  'clipboard-sanitized-write',
  // The fullscreen button of <video controls>.
  'fullscreen'
])

export function hardenSession(session: Session, pages: AppPages, csp: string): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    // CSP only binds documents; the app's own frame gets it as a header, whether the dev
    // server or the app's scheme answered (the built page also carries it in a meta tag).
    if (details.resourceType !== 'mainFrame' || !pages.isAppUrl(details.url)) {
      callback({})
      return
    }
    const headers: Record<string, string[]> = {}
    for (const [name, value] of Object.entries(details.responseHeaders ?? {})) {
      if (name.toLowerCase() !== 'content-security-policy') headers[name] = value
    }
    headers['Content-Security-Policy'] = [csp]
    headers['X-Content-Type-Options'] = ['nosniff']
    callback({ responseHeaders: headers })
  })

  session.setPermissionRequestHandler((contents, permission, callback, details) => {
    callback(ALLOWED_PERMISSIONS.has(permission) && details.isMainFrame && pages.isAppUrl(details.requestingUrl) && pages.isAppUrl(contents.getURL()))
  })
  session.setPermissionCheckHandler((_contents, permission, _origin, details) => {
    return ALLOWED_PERMISSIONS.has(permission) && details.isMainFrame && pages.isAppUrl(details.requestingUrl ?? '')
  })
  // Nor USB, serial or HID devices (Web Bluetooth is already cancelled without a picker).
  session.setDevicePermissionHandler(() => false)
}

function guardContents(contents: WebContents, pages: AppPages): void {
  // Links meant for the browser go through the `shell.openExternal` route, which only
  // opens http(s) URLs; a page can never open a window of its own.
  contents.setWindowOpenHandler(() => ({ action: 'deny' }))

  contents.on('will-navigate', (event) => {
    // Same-document changes (hash routes) do not reach this event; reloading the entry
    // page is the only other navigation the app makes.
    if (event.isSameDocument || (event.isMainFrame && pages.isEntryDocument(event.url))) return
    event.preventDefault()
  })
  contents.on('will-frame-navigate', (event) => {
    if (event.isSameDocument || (event.isMainFrame && pages.isEntryDocument(event.url))) return
    event.preventDefault()
  })
  contents.on('will-redirect', (event) => {
    if (event.isSameDocument || pages.isAppUrl(event.url)) return
    event.preventDefault()
  })

  contents.on('will-attach-webview', (event) => event.preventDefault())
}

/** Applies the guards to every web contents the app will ever create. */
export function guardAllContents(pages: AppPages): void {
  app.on('web-contents-created', (_event, contents) => guardContents(contents, pages))
}
