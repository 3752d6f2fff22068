// `mediagen-library://file/<relative path>`: how the page shows library files without any
// file:// privilege. What is served, and how, is `serveLibraryFile`'s (library-files.ts).
import { protocol } from 'electron'
import { serveLibraryFile } from './library-files'
import { LIBRARY_SCHEME } from './library-url'

/** Serves the scheme; `resolve` maps a relative path to an absolute one inside the library, or null. */
export function handleLibraryProtocol(resolve: (relativePath: string) => Promise<string | null>): void {
  protocol.handle(LIBRARY_SCHEME, (request) => serveLibraryFile(request, resolve))
}
