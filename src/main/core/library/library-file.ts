// The bytes of a file saved in the library, named by its library-relative path; a path
// that leaves the library or names nothing in it is not found.
import { readFile } from 'node:fs/promises'
import { AppFailure } from '../../../shared/app/app-failure'
import type { Library } from './library'

export async function readLibraryFile(library: Library, rel: string): Promise<Buffer> {
  const abs = await library.resolveFile(rel)
  if (!abs) throw new AppFailure('not_found', 'That file is not in the library')
  return readFile(abs)
}
