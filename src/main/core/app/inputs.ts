// Input files (drag-and-drop uploads) are checked before sending and kept in the library,
// so that a later remix can upload them again after the service's upload has expired.
import { createHash } from 'node:crypto'
import { mkdir, stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import { sniffMediaType } from '../../../shared/media/sniff'
import { MAX_UPLOAD_BYTES } from '../../../shared/media/upload-limit'
import type { LibraryInput } from '../../../shared/app/views'
import { writeFileAtomic } from '../fs/atomic-write'
import type { Library } from '../library/library'
import { AppFailure } from './app-errors'

export interface CheckedFile {
  fileName: string
  data: Buffer
  mime: string
  kind: 'image' | 'video' | 'audio'
  ext: string
}

/** Decodes and checks a file from the page: accepted type by its bytes, at most 50 MiB. */
export function checkFile(file: { fileName: string; dataBase64: string }, field = 'file', only?: 'image'): CheckedFile {
  const data = Buffer.from(file.dataBase64, 'base64')
  if (data.length === 0) throw new AppFailure('invalid_input', `${file.fileName} is empty`, { [field]: ['The file is empty'] })
  if (data.length > MAX_UPLOAD_BYTES) throw new AppFailure('invalid_input', `${file.fileName} is larger than 50 MiB`, { [field]: ['Larger than 50 MiB'] })
  const type = sniffMediaType(new Uint8Array(data.subarray(0, 64)))
  if (!type) throw new AppFailure('invalid_input', `${file.fileName} is not an accepted image, video or audio file`, { [field]: ['Not an accepted file type'] })
  if (only && type.kind !== only) throw new AppFailure('invalid_input', `${file.fileName} is not an image`, { [field]: ['Must be an image'] })
  return { fileName: file.fileName, data, mime: type.mime, kind: type.kind, ext: type.ext }
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

// Lives with the library, which the LoRA code reads too; re-exported for the route code.
export { readLibraryFile } from '../library/library-file'
