// Every training image of a new LoRA must decode before the training is asked for (it is
// paid for, and a picture the service cannot read wastes it). All of them are checked, one
// after the other to keep the memory bounded, and every one that fails is named with why,
// so the user can set them all right at once. Nothing is uploaded until all pass.
import { AppFailure } from '../../../shared/app/app-failure'
import { checkDecodable } from '../media/decode-check'

export interface TrainingImage {
  /** Where the page put it: `images.3` (a dropped file) or `libraryImages.3` (a library output). */
  field: string
  fileName: string
  contentType: string
  data: Buffer
}

const MESSAGES = {
  one: (fileName: string, problem: string) => `${fileName}: ${problem}`,
  several: (count: number, fileNames: string) => `${count} training images cannot be used: ${fileNames}`
}

/** Throws, naming each image that does not decode and why; returns when all do. */
export async function checkTrainingImages(images: readonly TrainingImage[]): Promise<void> {
  const failed: { image: TrainingImage; problem: string }[] = []
  for (const image of images) {
    const decoded = await checkDecodable(image.data)
    if (!decoded.ok) failed.push({ image, problem: decoded.problem })
  }
  const first = failed[0]
  if (!first) return
  const message = failed.length === 1 ? MESSAGES.one(first.image.fileName, first.problem) : MESSAGES.several(failed.length, failed.map((f) => f.image.fileName).join(', '))
  throw new AppFailure('invalid_input', message, Object.fromEntries(failed.map((f) => [f.image.field, [f.problem]])))
}
