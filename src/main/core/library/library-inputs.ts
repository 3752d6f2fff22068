// The input files of the user's jobs (drag-and-drop uploads), kept in the library's
// `inputs/` folder so that a later remix can upload them again after the service's upload
// has expired. Named by their hash, so the same file kept twice is one file.
import { createHash } from 'node:crypto'
import { mkdir, stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { LibraryInput } from '../../../shared/app/views'
import { writeFileAtomic } from '../fs/atomic-write'
import type { Library } from './library'

/** A file from the page whose bytes were checked: an accepted type, within the size limit. */
export interface CheckedFile {
  fileName: string
  data: Buffer
  mime: string
  kind: 'image' | 'video' | 'audio'
  ext: string
}

/** Keeps the original bytes in the library (named by their hash, so duplicates share a file). */
export async function keepInput(library: Library, file: CheckedFile, field: string): Promise<LibraryInput> {
  const sha256 = createHash('sha256').update(file.data).digest('hex')
  const rel = library.paths.input(sha256, file.ext)
  const abs = library.paths.abs(rel)
  const exists = await stat(abs).then((s) => s.size === file.data.length).catch(() => false)
  if (!exists) {
    await mkdir(dirname(abs), { recursive: true })
    await writeFileAtomic(abs, file.data)
  }
  return { field, fileName: file.fileName, path: rel, sha256, bytes: file.data.length, mime: file.mime }
}
