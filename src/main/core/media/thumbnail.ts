// Small preview pictures for the offline library. Images are scaled with sharp; WebM
// videos in VP8 give their first key frame, which sharp can decode once it is wrapped
// in a WebP container (a lossy WebP is a single VP8 key frame). Other videos (H.264
// MP4...) and audio have no thumbnail without a video decoder: the caller shows a
// placeholder instead.
import { extname } from 'node:path'
import sharp from 'sharp'
import { SNIFF_BYTES, sniffMediaType } from '../../../shared/media/sniff'
import { writeFileAtomic } from '../fs/atomic-write'
import { withSource } from './source'
import { readFirstVp8KeyFrame } from './webm-reader'

export const DEFAULT_THUMBNAIL_SIDE = 320

/** A RIFF/WEBP file around one VP8 key frame ("simple lossy" WebP layout). */
export function webpFromVp8(frame: Uint8Array): Buffer {
  const pad = frame.length % 2
  const out = Buffer.alloc(20 + frame.length + pad)
  out.write('RIFF', 0, 'latin1')
  out.writeUInt32LE(12 + frame.length + pad, 4) // 'WEBP' + chunk header + payload
  out.write('WEBP', 8, 'latin1')
  out.write('VP8 ', 12, 'latin1')
  out.writeUInt32LE(frame.length, 16)
  out.set(frame, 20)
  return out
}

/** The encoder for the thumbnail, chosen by the output file's extension (WebP by default). */
function encode(pipeline: sharp.Sharp, outPath: string): Promise<Buffer> {
  switch (extname(outPath).toLowerCase()) {
    case '.jpg':
    case '.jpeg':
      return pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 80 }).toBuffer()
    case '.png':
      return pipeline.png().toBuffer()
    default:
      return pipeline.webp({ quality: 80 }).toBuffer()
  }
}

/** The decodable picture to thumbnail (a path or WebP bytes), or null when there is none. */
async function thumbnailInput(filePath: string): Promise<string | Buffer | null> {
  return withSource(filePath, async (source) => {
    const type = sniffMediaType(await source.read(0, SNIFF_BYTES))
    if (type?.kind === 'image') return filePath
    if (type?.mime !== 'video/webm' && type?.mime !== 'video/x-matroska') return null
    const found = await readFirstVp8KeyFrame(source)
    return found?.frame ? webpFromVp8(found.frame) : null
  })
}

/**
 * Writes a thumbnail of `filePath` to `outPath` (.webp, .jpg or .png), at most
 * `maxSide` pixels on its longest side, replacing any previous file atomically.
 * Returns false, writing nothing, when the file has no picture we can decode.
 * Throws when `filePath` cannot be read or `outPath` cannot be written.
 */
export async function makeThumbnail(filePath: string, outPath: string, maxSide = DEFAULT_THUMBNAIL_SIDE): Promise<boolean> {
  const input = await thumbnailInput(filePath)
  if (input === null) return false
  let data: Buffer
  try {
    const pipeline = sharp(input, { animated: false })
      .autoOrient()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    data = await encode(pipeline, outPath)
  } catch {
    return false // undecodable (damaged, or a format this sharp build lacks)
  }
  await writeFileAtomic(outPath, data)
  return true
}
