// Input files from the page (drag-and-drop uploads) are checked before anything else is
// done with them; the library keeps them (core/library/library-inputs).
import { sniffMediaType } from '../../../shared/media/sniff'
import { checkDecodable } from '../media/decode-check'
import { MAX_UPLOAD_BYTES } from '../../../shared/media/upload-limit'
import type { CheckedFile } from '../library/library-inputs'
import { AppFailure } from './app-errors'

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

/**
 * `checkFile`, and then the file must decode (a picture) or its container parse (a video
 * or audio file) before anything is kept or uploaded: the error names the file and why.
 */
export async function checkInputFile(file: { fileName: string; dataBase64: string }, field = 'file'): Promise<CheckedFile> {
  const checked = checkFile(file, field)
  const decoded = await checkDecodable(checked.data)
  if (!decoded.ok) throw new AppFailure('invalid_input', `${checked.fileName}: ${decoded.problem}`, { [field]: [decoded.problem] })
  return checked
}
