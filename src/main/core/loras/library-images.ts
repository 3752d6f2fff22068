// LoRA training images taken from the library: main reads the saved outputs itself, so
// thirty files never travel through the page and back, and checks each one is an image by
// its bytes (that it decodes is checked with every other training image, training-images.ts).
// A problem names the reference by its place (`libraryImages.3`).
import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import { sniffMediaType } from '../../../shared/media/sniff'
import type { LibraryImageRef } from '../../../shared/app/lora-timeline'
import { AppFailure } from '../../../shared/app/app-failure'
import { MAX_UPLOAD_BYTES } from '../../../shared/media/upload-limit'
import type { Library } from '../library/library'
import type { TrainingImage } from './training-images'

export type { TrainingImage }

function refused(field: string, message: string, detail: string): never {
  throw new AppFailure('invalid_input', message, { [field]: [detail] })
}

export async function readLibraryImages(library: Library, refs: readonly LibraryImageRef[]): Promise<TrainingImage[]> {
  const seen = new Set<string>()
  const out: TrainingImage[] = []
  for (const [i, ref] of refs.entries()) {
    const field = `libraryImages.${i}`
    const key = `${ref.jobId}:${ref.index}`
    if (seen.has(key)) refused(field, `Output ${ref.index + 1} of job ${ref.jobId} is listed twice`, 'Listed twice')
    seen.add(key)
    const file = library.get(ref.jobId)?.files.find((f) => f.index === ref.index)
    if (!file?.path || file.state !== 'saved') refused(field, `Output ${ref.index + 1} of job ${ref.jobId} is not saved in the library`, 'Not saved in the library')
    const abs = await library.resolveFile(file.path)
    const data = abs ? await readFile(abs).catch(() => null) : null
    if (!data) refused(field, `${basename(file.path)} is missing from the library folder`, 'Missing from the library folder')
    if (data.length > MAX_UPLOAD_BYTES) refused(field, `${basename(file.path)} is larger than 50 MiB`, 'Larger than 50 MiB')
    const type = sniffMediaType(new Uint8Array(data.subarray(0, 64)))
    if (type?.kind !== 'image') refused(field, `${basename(file.path)} is not an image; a LoRA trains on images only`, 'Must be an image')
    out.push({ field, fileName: basename(file.path), contentType: type.mime, data })
  }
  return out
}
