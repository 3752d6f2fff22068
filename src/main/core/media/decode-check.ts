// Whether a file is really the picture, video or audio its first bytes say, before it is
// uploaded or trained on (both cost credits). First bytes are easy to fake: a PNG signature
// followed by garbage, a picture cut short, a PNG whose compressed pixels are damaged. So a
// picture is decoded (at a small size, which still reads every compressed byte, with the
// pixel count bounded), and a video or audio file must have a container that parses: its
// headers, tracks or first frames where the format says they are.
import sharp from 'sharp'
import { sniffMediaType, type SniffedType } from '../../../shared/media/sniff'
import { readWavInfo } from './audio-info'
import { isFlacStream, isMpegAudioStream, isOggAudioStream } from './audio-stream-check'
import { readMp4Info } from './isobmff'
import { withSource, type ByteSource } from './source'
import { readWebmInfo } from './webm-reader'

/** The most pixels an input picture may have: decoding more would cost seconds and hundreds of MB. */
export const MAX_INPUT_MEGAPIXELS = 100

/** Why a file is refused, as the user reads it next to the file's name. */
export const DECODE_PROBLEMS = {
  notMedia: 'Not an accepted image, video or audio file',
  tooManyPixels: `Larger than ${MAX_INPUT_MEGAPIXELS} megapixels`,
  picture: 'The picture cannot be decoded (the file is damaged or cut short)',
  video: 'The video cannot be read (the file is damaged or cut short)',
  audio: 'The audio cannot be read (the file is damaged or cut short)'
} as const

export type DecodeCheck = { ok: true; type: SniffedType } | { ok: false; problem: string }

// The format sharp finds in the bytes must be the one sniffed: nothing else is decoded.
const SHARP_FORMATS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp', 'image/gif': 'gif' }

async function pictureProblem(data: Uint8Array, mime: string): Promise<string | null> {
  // `error`: a stream cut short or with damaged data fails; a warning (extra bytes after a
  // JPEG's end, say), which the service and every viewer accept, does not.
  const options = { failOn: 'error', animated: false } as const
  try {
    // The header alone first, to tell a picture too large from a damaged one.
    const meta = await sharp(data, { ...options, limitInputPixels: false }).metadata()
    if (meta.format !== SHARP_FORMATS[mime]) return DECODE_PROBLEMS.picture
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_MEGAPIXELS * 1_000_000) return DECODE_PROBLEMS.tooManyPixels
    // A small picture is enough: every compressed byte is still read and checked.
    await sharp(data, { ...options, limitInputPixels: MAX_INPUT_MEGAPIXELS * 1_000_000 }).resize(32, 32, { fit: 'inside' }).raw().toBuffer()
    return null
  } catch {
    return DECODE_PROBLEMS.picture
  }
}

/** Whether the video or audio file's container parses as its format says. */
async function containerParses(mime: string, source: ByteSource): Promise<boolean> {
  switch (mime) {
    case 'video/webm':
    case 'video/x-matroska': {
      const info = await readWebmInfo(source)
      return (info.docType === 'webm' || info.docType === 'matroska') && info.trackCount > 0
    }
    case 'video/mp4':
    case 'video/quicktime':
    case 'audio/mp4': {
      const info = await readMp4Info(source)
      return !!info && (info.hasVideo || info.hasAudio)
    }
    case 'audio/wav': {
      const info = await readWavInfo(source)
      return (info.sampleRate ?? 0) > 0 && (info.channels ?? 0) > 0 && info.durationSeconds !== undefined
    }
    case 'audio/flac':
      return isFlacStream(source)
    case 'audio/mpeg':
      return isMpegAudioStream(source)
    case 'audio/ogg':
      return isOggAudioStream(source)
    default:
      return false
  }
}

/** Checks `data` as an input file: a picture must decode, a video or audio file must parse. */
export async function checkDecodable(data: Uint8Array): Promise<DecodeCheck> {
  const type = sniffMediaType(data.subarray(0, 64))
  if (!type) return { ok: false, problem: DECODE_PROBLEMS.notMedia }
  if (type.kind === 'image') {
    const problem = await pictureProblem(data, type.mime)
    return problem ? { ok: false, problem } : { ok: true, type }
  }
  const parses = await withSource(data, (source) => containerParses(type.mime, source)).catch(() => false)
  return parses ? { ok: true, type } : { ok: false, problem: DECODE_PROBLEMS[type.kind] }
}
