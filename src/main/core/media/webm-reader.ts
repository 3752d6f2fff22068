// What the library needs from a WebM/Matroska file: the video size, the duration, and
// (for thumbnails) the first video key frame. The file is walked element by element
// through a ByteSource, loading only small payloads, so huge files cost a few reads.
import { children, readFloat, readHeader, readSize, readString, readUint } from './ebml'
import type { ElementHeader } from './ebml'
import type { ByteSource } from './source'

const ID = {
  EBML: 0x1a45dfa3, DocType: 0x4282,
  Segment: 0x18538067, Cluster: 0x1f43b675,
  Info: 0x1549a966, TimecodeScale: 0x2ad7b1, Duration: 0x4489,
  Tracks: 0x1654ae6b, TrackEntry: 0xae, TrackNumber: 0xd7, TrackType: 0x83, CodecID: 0x86,
  Video: 0xe0, PixelWidth: 0xb0, PixelHeight: 0xba,
  SimpleBlock: 0xa3, BlockGroup: 0xa0, Block: 0xa1
} as const

const MAX_HEADER_PAYLOAD = 4 * 1024 * 1024 // Info/Tracks are tiny; anything bigger is damage
const MAX_BLOCK_PAYLOAD = 64 * 1024 * 1024
const MAX_ELEMENTS = 100_000

export interface WebmVideoTrack {
  trackNumber: number
  codecId: string
  width?: number
  height?: number
}

export interface WebmInfo {
  docType?: string
  durationSeconds?: number
  video?: WebmVideoTrack
  /** How many tracks (video, audio or other) the Tracks element lists; 0 when none was read. */
  trackCount: number
}

/** Continue walking, or stop. */
type Visit = (header: ElementHeader, load: () => Promise<Uint8Array | null>) => Promise<boolean>

/**
 * Visits top-level, Segment-level and Cluster-level elements in file order. Segment and
 * Cluster are stepped into rather than skipped, which also copes with their "unknown
 * size" form; any other element of unknown size ends the walk.
 */
async function walk(source: ByteSource, visit: Visit): Promise<void> {
  let offset = 0
  for (let steps = 0; steps < MAX_ELEMENTS && offset < source.size; steps++) {
    const header = await readHeader(source, offset)
    if (!header) return
    const load = async (): Promise<Uint8Array | null> => {
      const cap = header.id === ID.SimpleBlock || header.id === ID.BlockGroup ? MAX_BLOCK_PAYLOAD : MAX_HEADER_PAYLOAD
      if (header.size === null || header.size > cap) return null
      const data = await source.read(header.dataStart, header.size)
      return data.length === header.size ? data : null
    }
    if (!(await visit(header, load))) return
    if (header.id === ID.Segment || header.id === ID.Cluster) offset = header.dataStart
    else if (header.size === null) return
    else offset = header.dataStart + header.size
  }
}

function parseInfo(data: Uint8Array): number | undefined {
  let scale = 1_000_000 // the default TimecodeScale: 1 ms
  let duration: number | null = null
  for (const el of children(data)) {
    if (el.id === ID.TimecodeScale) scale = readUint(el.data)
    else if (el.id === ID.Duration) duration = readFloat(el.data)
  }
  return duration !== null && Number.isFinite(duration) && duration > 0 ? (duration * scale) / 1e9 : undefined
}

function parseTracks(data: Uint8Array): WebmVideoTrack | undefined {
  for (const entry of children(data)) {
    if (entry.id !== ID.TrackEntry) continue
    let track: WebmVideoTrack = { trackNumber: 0, codecId: '' }
    let isVideo = false
    for (const el of children(entry.data)) {
      if (el.id === ID.TrackNumber) track.trackNumber = readUint(el.data)
      else if (el.id === ID.TrackType) isVideo ||= readUint(el.data) === 1
      else if (el.id === ID.CodecID) track.codecId = readString(el.data)
      else if (el.id === ID.Video) {
        isVideo = true
        for (const v of children(el.data)) {
          if (v.id === ID.PixelWidth) track = { ...track, width: readUint(v.data) }
          else if (v.id === ID.PixelHeight) track = { ...track, height: readUint(v.data) }
        }
      }
    }
    if (isVideo) return track
  }
  return undefined
}

export async function readWebmInfo(source: ByteSource): Promise<WebmInfo> {
  const info: WebmInfo = { trackCount: 0 }
  let seenInfo = false
  let seenTracks = false
  await walk(source, async (header, load) => {
    if (header.id === ID.EBML) {
      const data = await load()
      for (const el of data ? children(data) : []) if (el.id === ID.DocType) info.docType = readString(el.data)
    } else if (header.id === ID.Info) {
      seenInfo = true
      const data = await load()
      const duration = data ? parseInfo(data) : undefined
      if (duration !== undefined) info.durationSeconds = duration
    } else if (header.id === ID.Tracks) {
      seenTracks = true
      const data = await load()
      const video = data ? parseTracks(data) : undefined
      if (video) info.video = video
      for (const el of data ? children(data) : []) if (el.id === ID.TrackEntry) info.trackCount++
    } else if (header.id === ID.Cluster) {
      return false // media data begins; the headers we want come before it
    }
    return !(seenInfo && seenTracks)
  })
  return info
}

/** The frame payload of a SimpleBlock or Block for `trackNumber`, or null (other track, laced). */
function blockFrame(block: Uint8Array, trackNumber: number): Uint8Array | null {
  const track = readSize(block, 0)
  if (!track || track.value !== trackNumber) return null
  const flags = block[track.length + 2] ?? 0
  if ((flags & 0x06) !== 0) return null // laced blocks hold several frames; video is not laced in practice
  return block.subarray(track.length + 3)
}

/** A VP8 key frame starts with an even frame tag and the start code 9D 01 2A. */
export function isVp8KeyFrame(frame: Uint8Array): boolean {
  return frame.length >= 10 && ((frame[0] ?? 1) & 1) === 0 && frame[3] === 0x9d && frame[4] === 0x01 && frame[5] === 0x2a
}

/**
 * The video track and, when it is VP8, its first key frame (null if none was found
 * in the first blocks). Returns null when the file has no video track.
 */
export async function readFirstVp8KeyFrame(source: ByteSource, maxBlocks = 500): Promise<{ track: WebmVideoTrack; frame: Uint8Array | null } | null> {
  let track: WebmVideoTrack | undefined
  let frame: Uint8Array | null = null
  let blocks = 0
  await walk(source, async (header, load) => {
    if (header.id === ID.Tracks) {
      const data = await load()
      track = data ? parseTracks(data) : undefined
      return track?.codecId === 'V_VP8'
    }
    if (!track || (header.id !== ID.SimpleBlock && header.id !== ID.BlockGroup)) return true
    if (++blocks > maxBlocks) return false
    const data = await load()
    if (!data) return true
    let payload: Uint8Array | null = null
    if (header.id === ID.SimpleBlock) payload = blockFrame(data, track.trackNumber)
    else for (const el of children(data)) if (el.id === ID.Block) payload = blockFrame(el.data, track.trackNumber)
    if (payload && isVp8KeyFrame(payload)) {
      frame = payload
      return false
    }
    return true
  })
  return track ? { track, frame } : null
}
