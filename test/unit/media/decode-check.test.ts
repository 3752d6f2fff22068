// An input file is what its bytes say only if it decodes: a picture's pixels decode (a
// signature plus garbage, a picture cut short, a PNG with damaged compressed pixels and a
// picture of too many pixels are refused), and a video or audio file's container parses.
import { beforeAll, describe, expect, it } from 'vitest'
import { checkDecodable, DECODE_PROBLEMS } from '../../../src/main/core/media/decode-check'
import { renderAudio, renderVideo } from '../../../src/simulator/media'
import { cutShort as cut, garbage, lookAlikePngs, realPicture, rewritePng } from '../support/look-alike-media'
import { box, ftyp, mvhd, tkhd, trak, wavBytes } from './helpers'

let png: Buffer
let jpeg: Buffer
let webp: Buffer
let gif: Buffer
let webm: Buffer

beforeAll(async () => {
  webm = await renderVideo({ prompt: 'a boat', seed: 1, width: 64, height: 48, durationSeconds: 1 })
  png = await realPicture('png')
  jpeg = await realPicture('jpeg')
  webp = await realPicture('webp')
  gif = await realPicture('gif')
})

describe('pictures must decode', () => {
  it('takes real PNG, JPEG, WebP and GIF pictures, and a JPEG with bytes after its end', async () => {
    for (const [mime, bytes] of [['image/png', png], ['image/jpeg', jpeg], ['image/webp', webp], ['image/gif', gif]] as const) {
      expect(await checkDecodable(bytes), mime).toEqual({ ok: true, type: expect.objectContaining({ mime }) })
    }
    expect((await checkDecodable(Buffer.concat([jpeg, Buffer.from('trailing bytes')]))).ok).toBe(true)
  })

  it('refuses a signature plus garbage, a picture cut short and one with damaged compressed pixels', async () => {
    const looksAlike = {
      ...Object.fromEntries(Object.entries(lookAlikePngs(png)).map(([name, bytes]) => [`PNG ${name}`, bytes])),
      'JPEG signature + garbage': Buffer.concat([jpeg.subarray(0, 4), garbage(4000)]),
      'JPEG cut short': cut(jpeg, 0.5),
      'WebP cut short': cut(webp, 0.5),
      'GIF cut short': cut(gif, 0.5)
    }
    for (const [name, bytes] of Object.entries(looksAlike)) {
      expect(await checkDecodable(bytes), name).toEqual({ ok: false, problem: DECODE_PROBLEMS.picture })
    }
  })

  it('refuses a picture of more than 100 megapixels without decoding it', async () => {
    const huge = rewritePng(png, (type, data) => {
      if (type !== 'IHDR') return data
      data.writeUInt32BE(20_000, 0)
      data.writeUInt32BE(10_000, 4)
      return data
    })
    expect(await checkDecodable(huge)).toEqual({ ok: false, problem: DECODE_PROBLEMS.tooManyPixels })
  })

  it('refuses what is no picture, video or audio at all', async () => {
    for (const bytes of [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), Buffer.from('<!doctype html><p>hi'), Buffer.alloc(0)]) {
      expect(await checkDecodable(bytes)).toEqual({ ok: false, problem: DECODE_PROBLEMS.notMedia })
    }
  })
})

/** An MPEG-1 Layer III frame at 128 kb/s, 44.1 kHz: 417 bytes. */
const mp3Frame = () => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x00]), Buffer.alloc(413)])
const id3 = (size: number) => Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00', 'latin1'), Buffer.from([size >> 7, size & 0x7f]), Buffer.alloc(size)])

/** Ogg's CRC-32 (polynomial 0x04c11db7, not reflected), bit by bit. */
function oggCrc(bytes: Buffer): number {
  let crc = 0
  for (const byte of bytes) {
    crc ^= byte << 24
    for (let k = 0; k < 8; k++) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1
  }
  return crc >>> 0
}

function oggPage(packet: Buffer, flags: number, sequence: number): Buffer {
  const head = Buffer.alloc(27)
  head.write('OggS', 0, 'latin1')
  head[5] = flags
  head.writeUInt32LE(7, 14)
  head.writeUInt32LE(sequence, 18)
  head[26] = 1
  const page = Buffer.concat([head, Buffer.from([packet.length]), packet])
  page.writeUInt32LE(oggCrc(page), 22)
  return page
}

const opus = () => Buffer.concat([oggPage(Buffer.from('OpusHead\x01\x01\x38\x01\x80\xbb\0\0\0\0\0', 'latin1'), 0x02, 0), oggPage(Buffer.from('OpusTags\0\0\0\0\0\0\0\0', 'latin1'), 0, 1)])

function flac(): Buffer {
  const info = Buffer.alloc(34)
  info.writeUInt16BE(4096, 0)
  info.writeUInt16BE(4096, 2)
  // 44100 Hz (20 bits), 2 channels, 16 bits, 44100 samples.
  info.writeUInt32BE((44100 << 12) | (1 << 9) | (15 << 4), 10)
  info.writeUInt32BE(44100, 14)
  return Buffer.concat([Buffer.from('fLaC', 'latin1'), Buffer.from([0x80, 0, 0, 34]), info, Buffer.from([0xff, 0xf8, 0x69, 0x08]), Buffer.alloc(64)])
}

function mp4(): Buffer {
  return Buffer.concat([ftyp('isom', 'isom', 'mp41'), box('moov', mvhd(1000, 3000), trak('vide', tkhd(640, 360))), box('mdat', Buffer.alloc(64))])
}

describe('videos and audio must have a container that parses', () => {
  it('takes a real WebM, MP4, WAV, FLAC, MP3 (with and without an ID3 tag) and Ogg Opus', async () => {
    const real = {
      'video/webm': webm,
      'video/mp4': mp4(),
      'audio/wav': renderAudio({ prompt: 'a hum', seed: 1, durationSeconds: 1 }),
      'audio/flac': flac(),
      'audio/mpeg': Buffer.concat([mp3Frame(), mp3Frame()]),
      'audio/ogg': opus()
    }
    for (const [mime, bytes] of Object.entries(real)) {
      expect(await checkDecodable(bytes), mime).toEqual({ ok: true, type: expect.objectContaining({ mime }) })
    }
    expect((await checkDecodable(Buffer.concat([id3(300), mp3Frame(), mp3Frame()]))).ok).toBe(true)
    expect((await checkDecodable(wavBytes(8000, 1, 0.5))).ok).toBe(true)
  })

  it('refuses each format\'s signature plus garbage, and streams cut or damaged where it shows', async () => {
    const wav = wavBytes(8000, 1, 0.5)
    const ogg = opus()
    const badCrc = Buffer.from(ogg)
    badCrc[40] = (badCrc[40] ?? 0) ^ 0xff
    const looksAlike: Record<string, [Buffer, string]> = {
      'WebM signature + garbage': [Buffer.concat([webm.subarray(0, 4), garbage(4000)]), DECODE_PROBLEMS.video],
      'WebM with its EBML header only': [webm.subarray(0, 40), DECODE_PROBLEMS.video],
      'MP4 ftyp + garbage': [Buffer.concat([ftyp('isom', 'isom'), garbage(4000)]), DECODE_PROBLEMS.video],
      'MP4 without a track': [Buffer.concat([ftyp('isom', 'isom'), box('moov', mvhd(1000, 3000))]), DECODE_PROBLEMS.video],
      'WAV RIFF header + garbage': [Buffer.concat([wav.subarray(0, 12), garbage(4000)]), DECODE_PROBLEMS.audio],
      'FLAC signature + garbage': [Buffer.concat([Buffer.from('fLaC'), garbage(4000)]), DECODE_PROBLEMS.audio],
      'FLAC cut before its first frame': [flac().subarray(0, 42), DECODE_PROBLEMS.audio],
      'MP3 frame + garbage': [Buffer.concat([mp3Frame(), garbage(4000)]), DECODE_PROBLEMS.audio],
      'ID3 tag + garbage': [Buffer.concat([id3(300), garbage(4000)]), DECODE_PROBLEMS.audio],
      'Ogg signature + garbage': [Buffer.concat([Buffer.from('OggS'), garbage(4000)]), DECODE_PROBLEMS.audio],
      'Ogg page with a wrong checksum': [badCrc, DECODE_PROBLEMS.audio],
      'Ogg cut after its first page': [ogg.subarray(0, 50), DECODE_PROBLEMS.audio]
    }
    for (const [name, [bytes, problem]] of Object.entries(looksAlike)) {
      expect(await checkDecodable(bytes), name).toEqual({ ok: false, problem })
    }
  })
})
