// The painted mask as the PNG an edit sends: drawn at the image's natural size, so the
// service lines it up with the image pixel for pixel.
import type { MaskOp } from './mask-history'
import { drawMaskImage, type Size } from './mask-raster'
import { t } from '../../i18n/page-i18n'

export async function maskPng(ops: readonly MaskOp[], size: Size): Promise<File> {
  const canvas = document.createElement('canvas')
  canvas.width = size.width
  canvas.height = size.height
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error(t('messages:mask.cannotDraw'))
  drawMaskImage(ctx, ops, size)
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'))
  if (!blob) throw new Error(t('messages:mask.notEncoded'))
  return new File([blob], 'painted-mask.png', { type: 'image/png' })
}

/** The natural size of an image URL the page may load. */
export function naturalSize(src: string): Promise<Size> {
  return new Promise((resolve, reject) => {
    const img = new Image()
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight })
    img.onerror = () => reject(new Error(t('messages:mask.imageNotLoaded')))
    img.src = src
  })
}
