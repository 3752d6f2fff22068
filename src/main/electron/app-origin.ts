// Where the app's own page comes from, and the one test of "is this URL the app's page"
// that the IPC sender check, the navigation guard, the CSP and the permission handlers share.
//
// In development electron-vite serves the renderer and puts its URL in
// ELECTRON_RENDERER_URL; a packaged app ignores that variable, so an environment cannot
// point a shipped build at a page of its choosing.
import { app } from 'electron'
import { dirname, isAbsolute, join, relative, sep } from 'node:path'
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

const mainDir = dirname(fileURLToPath(import.meta.url))

/** Paths of the built output next to this bundle (out/main/index.js). */
export const builtPaths = {
  preload: join(mainDir, '../preload/index.cjs'),
  rendererDir: join(mainDir, '../renderer'),
  rendererIndex: join(mainDir, '../renderer/index.html')
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

export function resolveAppPages(): AppPages {
  const devUrl = !app.isPackaged ? process.env['ELECTRON_RENDERER_URL'] : undefined
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
    entryUrl: pathToFileURL(builtPaths.rendererIndex).href,
    devOrigin: null,
    isAppUrl: (url) => {
      const path = filePathOf(url)
      if (path === null) return false
      const rel = relative(builtPaths.rendererDir, path)
      return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel)
    },
    isEntryDocument: (url) => {
      const path = filePathOf(url)
      return path !== null && relative(builtPaths.rendererIndex, path) === ''
    }
  }
}
