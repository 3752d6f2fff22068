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
import { tm } from '../i18n/main-i18n'

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
    if (seen.has(key)) refused(field, tm('main:loraImages.listedTwice', { output: ref.index + 1, jobId: ref.jobId }), tm('main:loraImages.listedTwiceShort'))
    seen.add(key)
    const file = library.get(ref.jobId)?.files.find((f) => f.index === ref.index)
    if (!file?.path || file.state !== 'saved') refused(field, tm('main:loraImages.notSaved', { output: ref.index + 1, jobId: ref.jobId }), tm('main:loraImages.notSavedShort'))
    const abs = await library.resolveFile(file.path)
    const data = abs ? await readFile(abs).catch(() => null) : null
    if (!data) refused(field, tm('main:loraImages.missing', { file: basename(file.path) }), tm('main:loraImages.missingShort'))
    if (data.length > MAX_UPLOAD_BYTES) refused(field, tm('main:loraImages.tooLarge', { file: basename(file.path), mib: 50 }), tm('main:loraImages.tooLargeShort', { mib: 50 }))
    const type = sniffMediaType(new Uint8Array(data.subarray(0, 64)))
    if (type?.kind !== 'image') refused(field, tm('main:loraImages.notImage', { file: basename(file.path) }), tm('main:loraImages.notImageShort'))
    out.push({ field, fileName: basename(file.path), contentType: type.mime, data })
  }
  return out
}
