// The library protocol's URLs: `mediagen-library://file/<relative path>`. Kept free of
// Electron so the parsing can be tested under plain Node.
import { schemePathOf } from './scheme-url'

export const LIBRARY_SCHEME = 'mediagen-library'
const LIBRARY_HOST = 'file'

/** The library-relative path a URL names, or null (see `schemePathOf`). */
export function relativePathOf(url: string): string | null {
  return schemePathOf(url, LIBRARY_SCHEME, LIBRARY_HOST) || null
}
