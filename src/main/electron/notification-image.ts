// The picture a notification shows: a library file (the first output's thumbnail), found
// through the library's own resolver, so a notification never reads a path outside the
// library. Thumbnails are WebP, which the systems' notification centres do not all read,
// so it is handed over as a PNG.
import { nativeImage, type NativeImage } from 'electron'
import sharp from 'sharp'

/** Notification centres show the picture at most this big; more is bytes for nothing. */
const ICON_SIDE = 256

export type LibraryResolver = (relativePath: string) => Promise<string | null>

/** The library file as a picture for a notification, or null when it is not there or not a picture. */
export async function notificationImage(resolve: LibraryResolver, relativePath: string): Promise<NativeImage | null> {
  try {
    const file = await resolve(relativePath)
    if (!file) return null
    const png = await sharp(file, { limitInputPixels: 64_000_000 }).resize(ICON_SIDE, ICON_SIDE, { fit: 'inside', withoutEnlargement: true }).png().toBuffer()
    const image = nativeImage.createFromBuffer(png)
    return image.isEmpty() ? null : image
  } catch {
    // A damaged or vanished thumbnail costs the notification its picture, not the notification.
    return null
  }
}
