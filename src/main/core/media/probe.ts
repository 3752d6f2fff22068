// Identifies a media file and reads its size and duration for the library, from the
// file's own bytes. Reads only headers (a few KB, or the 'moov' box of an MP4), so
// probing a multi-gigabyte video is as quick as probing a thumbnail.
import sharp from 'sharp'
import { SNIFF_BYTES, sniffMediaType } from '../../../shared/media/sniff'
import type { MediaKind } from '../../../shared/media/sniff'
import { readFlacInfo, readWavInfo } from './audio-info'
import { readMp4Info } from './isobmff'
import { withSource } from './source'
import type { ByteSource } from './source'
import { readWebmInfo } from './webm-reader'

export interface MediaProbe {
  mime: string
  kind: MediaKind
  /** Usual file extension, without the dot. */
  ext: string
  sizeBytes: number
  width?: number
  height?: number
  durationSeconds?: number
  /** Video codec when the container names it (e.g. "V_VP8"). */
  codec?: string
}

type Details = Pick<MediaProbe, 'width' | 'height' | 'durationSeconds' | 'codec'>

async function imageDetails(input: string | Uint8Array): Promise<Details> {
  // sharp reads only the header here; autoOrient gives the size as the picture is shown.
  const meta = await sharp(input, { animated: false }).metadata()
  return { width: meta.autoOrient.width, height: meta.autoOrient.height }
}

async function details(mime: string, input: string | Uint8Array, source: ByteSource, head: Uint8Array): Promise<Details> {
  switch (mime) {
    case 'image/png':
    case 'image/jpeg':
    case 'image/webp':
    case 'image/gif':
      return imageDetails(input)
    case 'video/webm':
    case 'video/x-matroska': {
      const info = await readWebmInfo(source)
      return { width: info.video?.width, height: info.video?.height, durationSeconds: info.durationSeconds, codec: info.video?.codecId }
    }
    case 'video/mp4':
    case 'video/quicktime':
    case 'audio/mp4': {
      const info = await readMp4Info(source)
      return { width: info?.width, height: info?.height, durationSeconds: info?.durationSeconds }
    }
    case 'audio/wav':
      return { durationSeconds: (await readWavInfo(source)).durationSeconds }
    case 'audio/flac':
      return { durationSeconds: readFlacInfo(head).durationSeconds }
    default:
      return {} // MP3 and Ogg durations need a scan of the stream; the player reports them
  }
}

/**
 * What `input` (a file path, or the bytes themselves) contains. Null when it is no
 * media type we recognise. Damaged files still get their type, just fewer details.
 * Throws only when a path cannot be read.
 */
export async function probeMedia(input: string | Uint8Array): Promise<MediaProbe | null> {
  return withSource(input, async (source) => {
    const head = await source.read(0, Math.max(SNIFF_BYTES, 64))
    const type = sniffMediaType(head)
    if (!type) return null
    const probe: MediaProbe = { ...type, sizeBytes: source.size }
    try {
      const found = await details(type.mime, input, source, head)
      for (const key of ['width', 'height', 'durationSeconds', 'codec'] as const) {
        const value = found[key]
        if (value !== undefined && value !== null && value !== 0 && value !== '') Object.assign(probe, { [key]: value })
      }
    } catch {
      // A damaged or truncated file: its type is still worth recording.
    }
    return probe
  })
}
