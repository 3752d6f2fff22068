// A minimal WebM writer for one VP8 video track made only of key frames. Enough for
// browsers and players to show the duration, play and seek: EBML header, then a Segment
// holding SeekHead, Info, Tracks, one Cluster per second of SimpleBlocks, and Cues.
// Everything is built in memory with known sizes, so no element uses "unknown size".

const ID = {
  EBML: 0x1a45dfa3, EBMLVersion: 0x4286, EBMLReadVersion: 0x42f7, EBMLMaxIDLength: 0x42f2,
  EBMLMaxSizeLength: 0x42f3, DocType: 0x4282, DocTypeVersion: 0x4287, DocTypeReadVersion: 0x4285,
  Segment: 0x18538067, SeekHead: 0x114d9b74, Seek: 0x4dbb, SeekID: 0x53ab, SeekPosition: 0x53ac,
  Info: 0x1549a966, TimecodeScale: 0x2ad7b1, Duration: 0x4489, MuxingApp: 0x4d80, WritingApp: 0x5741,
  Tracks: 0x1654ae6b, TrackEntry: 0xae, TrackNumber: 0xd7, TrackUID: 0x73c5, TrackType: 0x83,
  FlagLacing: 0x9c, DefaultDuration: 0x23e383, CodecID: 0x86, Video: 0xe0, PixelWidth: 0xb0, PixelHeight: 0xba,
  Cluster: 0x1f43b675, Timecode: 0xe7, SimpleBlock: 0xa3,
  Cues: 0x1c53bb6b, CuePoint: 0xbb, CueTime: 0xb3, CueTrackPositions: 0xb7, CueTrack: 0xf7, CueClusterPosition: 0xf1
} as const

function idBytes(id: number): Buffer {
  const length = id > 0xffffff ? 4 : id > 0xffff ? 3 : id > 0xff ? 2 : 1
  const out = Buffer.alloc(length)
  out.writeUIntBE(id, 0, length)
  return out
}

/** An EBML variable-length size: the shortest form whose value is not the reserved all-ones. */
function sizeVint(size: number): Buffer {
  let length = 1
  while (length < 8 && size >= 2 ** (7 * length) - 1) length++
  const out = Buffer.alloc(length)
  let v = size
  for (let i = length - 1; i >= 0; i--) {
    out[i] = v % 256
    v = Math.floor(v / 256)
  }
  out[0] = (out[0] ?? 0) | (0x80 >> (length - 1))
  return out
}

function element(id: number, ...payload: Uint8Array[]): Buffer {
  const body = Buffer.concat(payload)
  return Buffer.concat([idBytes(id), sizeVint(body.length), body])
}

/** An unsigned integer element; `width` fixes the byte count so sizes can be known in advance. */
function uint(id: number, value: number, width?: number): Buffer {
  let length = width ?? 1
  if (width === undefined) while (length < 8 && value >= 2 ** (8 * length)) length++
  const body = Buffer.alloc(length)
  let v = value
  for (let i = length - 1; i >= 0; i--) {
    body[i] = v % 256
    v = Math.floor(v / 256)
  }
  return element(id, body)
}

function float(id: number, value: number): Buffer {
  const body = Buffer.alloc(8)
  body.writeDoubleBE(value)
  return element(id, body)
}

const text = (id: number, value: string) => element(id, Buffer.from(value, 'ascii'))

export interface WebmVideo {
  width: number
  height: number
  /** VP8 key frames, one per 1/fps seconds. */
  frames: Uint8Array[]
  fps: number
  /** Defaults to frames / fps. */
  durationSeconds?: number
  writingApp?: string
}

const POSITION_WIDTH = 8 // fixed-width positions make the SeekHead and Cues sizes independent of the values

function seekHead(entries: [number, number][]): Buffer {
  return element(ID.SeekHead, ...entries.map(([id, pos]) =>
    element(ID.Seek, element(ID.SeekID, idBytes(id)), uint(ID.SeekPosition, pos, POSITION_WIDTH))))
}

export function muxWebmVp8(video: WebmVideo): Buffer {
  if (video.frames.length === 0) throw new RangeError('A video needs at least one frame')
  const frameMs = 1000 / video.fps
  const durationMs = (video.durationSeconds ?? video.frames.length / video.fps) * 1000
  const app = video.writingApp ?? 'demo-webm'

  const header = element(ID.EBML,
    uint(ID.EBMLVersion, 1), uint(ID.EBMLReadVersion, 1), uint(ID.EBMLMaxIDLength, 4),
    uint(ID.EBMLMaxSizeLength, 8), text(ID.DocType, 'webm'),
    uint(ID.DocTypeVersion, 2), uint(ID.DocTypeReadVersion, 2)) // SimpleBlock needs version 2

  const info = element(ID.Info,
    uint(ID.TimecodeScale, 1_000_000), // timestamps in milliseconds
    float(ID.Duration, durationMs), text(ID.MuxingApp, app), text(ID.WritingApp, app))

  const tracks = element(ID.Tracks, element(ID.TrackEntry,
    uint(ID.TrackNumber, 1), uint(ID.TrackUID, 1), uint(ID.TrackType, 1), uint(ID.FlagLacing, 0),
    uint(ID.DefaultDuration, Math.round(frameMs * 1_000_000)), text(ID.CodecID, 'V_VP8'),
    element(ID.Video, uint(ID.PixelWidth, video.width), uint(ID.PixelHeight, video.height))))

  // One cluster per second keeps block timestamps (signed 16-bit, relative) small and gives seek points.
  const clusters: { start: number; data: Buffer }[] = []
  let blocks: Buffer[] = []
  let clusterStart = 0
  const flush = () => {
    if (blocks.length > 0) clusters.push({ start: clusterStart, data: element(ID.Cluster, uint(ID.Timecode, clusterStart), ...blocks) })
    blocks = []
  }
  video.frames.forEach((frame, i) => {
    const ts = Math.round(i * frameMs)
    if (blocks.length === 0 || ts - clusterStart >= 1000) {
      flush()
      clusterStart = ts
    }
    const blockHeader = Buffer.from([0x81, 0, 0, 0x80]) // track 1, relative time, key frame
    blockHeader.writeInt16BE(ts - clusterStart, 1)
    blocks.push(element(ID.SimpleBlock, blockHeader, frame))
  })
  flush()

  // Positions are offsets from the start of the Segment's payload.
  const seekSize = seekHead([[ID.Info, 0], [ID.Tracks, 0], [ID.Cues, 0]]).length
  let pos = seekSize + info.length + tracks.length
  const cuePoints = clusters.map((c) => {
    const point = element(ID.CuePoint, uint(ID.CueTime, c.start),
      element(ID.CueTrackPositions, uint(ID.CueTrack, 1), uint(ID.CueClusterPosition, pos, POSITION_WIDTH)))
    pos += c.data.length
    return point
  })
  const cues = element(ID.Cues, ...cuePoints)
  const seek = seekHead([[ID.Info, seekSize], [ID.Tracks, seekSize + info.length], [ID.Cues, pos]])

  return Buffer.concat([header, element(ID.Segment, seek, info, tracks, ...clusters.map((c) => c.data), cues)])
}
