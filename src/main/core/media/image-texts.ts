// Every text an image carries where generators write their settings, read from the bytes
// alone (no decoding of the picture): a PNG's text chunks and eXIf, a JPEG's EXIF and XMP
// segments, a WebP's EXIF and XMP chunks. The app's own settings (see embedded-settings)
// come along, so a file this app saved is known for one. Nothing here throws on a damaged
// file: what cannot be read is simply not there.
import { readExifTexts, type ExifTexts } from './exif-texts'
import { isPng, readPngTexts } from './png-text'
import { EXIF_HEADER, isJpeg, isWebp, jpegSegments, riffChunks, XMP_HEADER } from './jpeg-webp-settings'
import { readXmpDescription } from './xmp-packet'
import { readEmbeddedSettings } from './embedded-settings'

export interface ImageTexts {
  /** A PNG's text chunks by keyword (the first of each); empty for other files. */
  png: Map<string, string>
  exif: ExifTexts | null
  /** The `dc:description` of the file's XMP. */
  xmpDescription: string | null
  /** The settings this app wrote into the file: the A1111 text and the request. */
  own: { parameters: string | null; requestJson: string | null } | null
}

/** The packet of the XMP a PNG carries in its `XML:com.adobe.xmp` iTXt chunk. */
const PNG_XMP_KEYWORD = 'XML:com.adobe.xmp'

interface Blocks {
  exif: Buffer | null
  xmp: string | null
}

function jpegBlocks(jpeg: Buffer): Blocks {
  const found: Blocks = { exif: null, xmp: null }
  for (const s of jpegSegments(jpeg)) {
    if (s.marker !== 0xe1) continue
    if (!found.exif && s.payload.subarray(0, EXIF_HEADER.length).equals(EXIF_HEADER)) found.exif = s.payload
    else if (found.xmp === null && s.payload.subarray(0, XMP_HEADER.length).equals(XMP_HEADER)) found.xmp = s.payload.toString('utf8', XMP_HEADER.length)
  }
  return found
}

function webpBlocks(webp: Buffer): Blocks {
  const found: Blocks = { exif: null, xmp: null }
  for (const c of riffChunks(webp)) {
    if (c.fourcc === 'EXIF' && !found.exif) found.exif = c.data
    else if (c.fourcc === 'XMP ' && found.xmp === null) found.xmp = c.data.toString('utf8')
  }
  return found
}

function ownSettings(bytes: Buffer): ImageTexts['own'] {
  try {
    return readEmbeddedSettings(bytes)
  } catch {
    return null
  }
}

export function readImageTexts(bytes: Buffer): ImageTexts {
  let png = new Map<string, string>()
  let blocks: Blocks = { exif: null, xmp: null }
  if (isPng(bytes)) {
    const texts = readPngTexts(bytes)
    png = texts.text
    blocks = { exif: texts.exif, xmp: png.get(PNG_XMP_KEYWORD) ?? null }
  } else if (isJpeg(bytes)) blocks = jpegBlocks(bytes)
  else if (isWebp(bytes)) blocks = webpBlocks(bytes)
  return {
    png,
    exif: blocks.exif ? readExifTexts(blocks.exif) : null,
    xmpDescription: blocks.xmp === null ? null : readXmpDescription(blocks.xmp),
    own: ownSettings(bytes)
  }
}
