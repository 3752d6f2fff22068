// The test of "is this URL one of the app's pages", kept free of Electron so it can be
// tested under plain Node; app-origin.ts decides which pages apply (dev server or built).
import { isAbsolute, relative, sep } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

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

/** Where the built renderer lives on disk. */
export interface BuiltRenderer {
  rendererDir: string
  rendererIndex: string
}

function parse(url: string): URL | null {
  try {
    return new URL(url)
  } catch {
    return null
  }
}

/** The local path of a file: URL without a host, or null. */
function filePathOf(url: string): string | null {
  const u = parse(url)
  if (!u || u.protocol !== 'file:' || u.host) return null
  try {
    return fileURLToPath(u)
  } catch {
    return null
  }
}

function withoutSearchAndHash(u: URL): string {
  return `${u.protocol}//${u.host}${u.pathname}`
}

/**
 * The app's pages: those of the dev server when `devUrl` is an http(s) URL, else the built
 * files in `built`. The caller passes a dev URL only when the app is not packaged.
 */
export function appPagesFor(devUrl: string | undefined, built: BuiltRenderer): AppPages {
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

  // file:// URLs have an opaque origin, so the test is by path: inside out/renderer/. The
  // comparison is between decoded file paths, not URL strings, because Chromium and Node
  // escape some characters (and Windows drive letters) differently.
  return {
    entryUrl: pathToFileURL(built.rendererIndex).href,
    devOrigin: null,
    isAppUrl: (url) => {
      const path = filePathOf(url)
      if (path === null) return false
      const rel = relative(built.rendererDir, path)
      return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel)
    },
    isEntryDocument: (url) => {
      const path = filePathOf(url)
      return path !== null && relative(built.rendererIndex, path) === ''
    }
  }
}
