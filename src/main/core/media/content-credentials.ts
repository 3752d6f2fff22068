// Whether a picture carries Content Credentials: a C2PA manifest store, found where the
// C2PA specification puts it (§ "Embedding manifests into assets"): a `caBX` chunk of a
// PNG, JUMBF boxes in APP11 segments of a JPEG, a `C2PA` chunk of a WebP. Only the
// container is read here, nothing is verified (see provenance.ts): this answer decides
// whether the app may write into the file at all, so it must be cheap and never throw.
//
// A manifest signs a hash of the file's bytes, so writing anything into such a file
// (settings included) breaks the signature. A manifest kept elsewhere and only pointed to
// from the file's XMP (a "remote manifest") is not found here.
import { isJpeg, isWebp, jpegSegments, riffChunks } from './jpeg-webp-settings'
import { isPng, pngChunks } from './png-text'

/** The type of a C2PA manifest store's JUMBF description box: "c2pa" then 0011-0010-8000-00AA00389B71. */
const C2PA_STORE_UUID = Buffer.from('6332706100110010800000aa00389b71', 'hex')
const APP11 = 0xeb
/** An APP11 segment of JPEG XT: "JP", the box instance (2 bytes), the packet sequence (4 bytes), then the box. */
const JPEG_XT_HEADER = 8

export type CredentialsFormat = 'png' | 'jpeg' | 'webp'

/** A JUMBF superbox whose description says it is a C2PA manifest store. */
function isC2paStore(box: Buffer): boolean {
  return box.length >= 32 && box.toString('latin1', 4, 8) === 'jumb' && box.toString('latin1', 12, 16) === 'jumd' && box.subarray(16, 32).equals(C2PA_STORE_UUID)
}

function jpegHasStore(jpeg: Buffer): boolean {
  for (const s of jpegSegments(jpeg)) {
    if (s.marker === APP11 && s.payload.toString('latin1', 0, 2) === 'JP' && isC2paStore(s.payload.subarray(JPEG_XT_HEADER))) return true
  }
  return false
}

/** The picture formats that can carry a manifest the app finds, by their bytes. */
export function credentialsFormatOf(bytes: Buffer): CredentialsFormat | null {
  if (isPng(bytes)) return 'png'
  if (isJpeg(bytes)) return 'jpeg'
  if (isWebp(bytes)) return 'webp'
  return null
}

/**
 * True when the file carries a C2PA manifest store. A PNG's `caBX` chunk and a WebP's
 * `C2PA` chunk have no other use, so either counts even when its content is damaged:
 * a damaged manifest is still not the app's to overwrite.
 */
export function hasContentCredentials(bytes: Buffer): boolean {
  switch (credentialsFormatOf(bytes)) {
    case 'png':
      for (const c of pngChunks(bytes)) {
        if (c.type === 'caBX') return true
        if (c.type === 'IEND') break
      }
      return false
    case 'jpeg':
      return jpegHasStore(bytes)
    case 'webp':
      for (const c of riffChunks(bytes)) if (c.fourcc === 'C2PA') return true
      return false
    default:
      return false
  }
}
