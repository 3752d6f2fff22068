// The picture a notification shows: a library file (the first output's thumbnail), found
// through the library's own resolver, so a notification never reads a path outside the
// library. Thumbnails are WebP, which the systems' notification centres do not all read,
// so it is handed over as a PNG.
import { nativeImage, type NativeImage } from 'electron'
import sharp from 'sharp'

/** A thumbnail is 320 pixels at most; a file far past that is not one, and is not decoded. */
const MAX_PIXELS = 4096 * 4096

export type LibraryResolver = (relativePath: string) => Promise<string | null>

/** The library file as a picture for a notification, or null when it is not there or not a picture. */
export async function notificationImage(resolve: LibraryResolver, relativePath: string): Promise<NativeImage | null> {
  try {
    const file = await resolve(relativePath)
    if (!file) return null
    const png = await sharp(file, { limitInputPixels: MAX_PIXELS }).png().toBuffer()
    const image = nativeImage.createFromBuffer(png)
    return image.isEmpty() ? null : image
  } catch {
    // A damaged or vanished thumbnail costs the notification its picture, not the notification.
    return null
  }
}
