// The test of "is this URL one of the app's pages", kept free of Electron so it can be
// tested under plain Node; app-origin.ts decides which pages apply (dev server or built).
import { APP_ENTRY_URL, isAppEntry, rendererPathOf } from './app-url'

export interface AppPages {
  /** The URL the window loads. */
  readonly entryUrl: string
  /** The dev server's origin (`http://localhost:5173`), or null for the built files. */
  readonly devOrigin: string | null
  /** Whether `url` is one of the app's own pages or assets. */
  isAppUrl(url: string): boolean
  /** Whether `url` is the app's entry document (ignoring query and fragment). */
  isEntryDocument(url: string): boolean
}

function parse(url: string): URL | null {
  try {
    return new URL(url)
  } catch {
    return null
  }
}

function withoutSearchAndHash(u: URL): string {
  return `${u.protocol}//${u.host}${u.pathname}`
}

/**
 * The app's pages: those of the dev server when `devUrl` is an http(s) URL, else the built
 * files served over the app's own scheme (`app://mediagen/…`, see app-url.ts). file:// is
 * never the app's: no page loaded from disk may drive the engine. The caller passes a dev
 * URL only when the app is not packaged.
 */
export function appPagesFor(devUrl: string | undefined): AppPages {
  const dev = devUrl ? parse(devUrl) : null
  if (dev && (dev.protocol === 'http:' || dev.protocol === 'https:')) {
    const origin = dev.origin
    const entry = withoutSearchAndHash(dev)
    return {
      entryUrl: dev.href,
      devOrigin: origin,
      isAppUrl: (url) => parse(url)?.origin === origin,
      isEntryDocument: (url) => {
        const u = parse(url)
        return !!u && withoutSearchAndHash(u) === entry
      }
    }
  }
  return {
    entryUrl: APP_ENTRY_URL,
    devOrigin: null,
    isAppUrl: (url) => rendererPathOf(url) !== null,
    isEntryDocument: isAppEntry
  }
}
