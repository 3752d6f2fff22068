// Saved images carry their generation settings inside the file, so a picture that is
// shared or moved keeps its prompt: the A1111 `parameters` text and the full request in
// a PNG's text chunks, or in an XMP packet of a JPEG or WebP. What the app adds can be
// taken out again exactly, giving back the bytes the service sent.
import { readPngText, isPng, PARAMETERS_KEYWORD, REQUEST_KEYWORD, stripPngSettings, withPngSettings } from './png-settings'
import { isJpeg, isWebp, readJpegSettings, readWebpSettings, stripJpegSettings, stripWebpSettings, withJpegSettings, withWebpSettings, type EmbeddedSettings } from './jpeg-webp-settings'

export type { EmbeddedSettings }

/** The file with the settings inside, or null for a type that cannot carry them (it gets a sidecar). */
export function embedSettings(bytes: Buffer, settings: EmbeddedSettings): Buffer | null {
  if (isPng(bytes)) return withPngSettings(bytes, settings.parameters, settings.requestJson)
  if (isJpeg(bytes)) return withJpegSettings(bytes, settings)
  if (isWebp(bytes)) return withWebpSettings(bytes, settings)
  return null
}

/** The file as the service sent it: the app's own settings taken out, nothing else touched. */
export function stripEmbeddedSettings(bytes: Buffer): Buffer {
  if (isPng(bytes)) return stripPngSettings(bytes)
  if (isJpeg(bytes)) return stripJpegSettings(bytes)
  if (isWebp(bytes)) return stripWebpSettings(bytes)
  return bytes
}

/**
 * The settings a file carries: the app's own, or the A1111 `parameters` text written by
 * another tool (then without a request).
 */
export function readEmbeddedSettings(bytes: Buffer): { parameters: string | null; requestJson: string | null } | null {
  if (isPng(bytes)) {
    const text = readPngText(bytes)
    const parameters = text.get(PARAMETERS_KEYWORD) ?? null
    const requestJson = text.get(REQUEST_KEYWORD) ?? null
    return parameters !== null || requestJson !== null ? { parameters, requestJson } : null
  }
  if (isJpeg(bytes)) return readJpegSettings(bytes)
  if (isWebp(bytes)) return readWebpSettings(bytes)
  return null
}
