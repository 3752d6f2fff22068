// Shared fixtures for the media tests: a private temp folder per test file, and
// hand-built container bytes for formats the demo service does not produce.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'

/** A fresh temp folder for the calling test file, removed afterwards. */
export function useTempDir(): () => string {
  let dir = ''
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'media-test-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })
  return () => dir
}

/** An ISO BMFF box: 32-bit size, type, payload. */
export function box(type: string, ...payload: Uint8Array[]): Buffer {
  const body = Buffer.concat(payload)
  const head = Buffer.alloc(8)
  head.writeUInt32BE(8 + body.length, 0)
  head.write(type, 4, 'latin1')
  return Buffer.concat([head, body])
}

export function ftyp(major: string, ...compatible: string[]): Buffer {
  return box('ftyp', Buffer.from(major, 'latin1'), Buffer.alloc(4), ...compatible.map((b) => Buffer.from(b, 'latin1')))
}

/** 'mvhd' version 0 or 1 with the given timescale and duration. */
export function mvhd(timescale: number, duration: number, version: 0 | 1 = 0): Buffer {
  const body = Buffer.alloc(version === 1 ? 108 : 96)
  body[0] = version
  if (version === 1) {
    body.writeUInt32BE(timescale, 20)
    body.writeBigUInt64BE(BigInt(duration), 24)
  } else {
    body.writeUInt32BE(timescale, 12)
    body.writeUInt32BE(duration, 16)
  }
  return box('mvhd', body)
}

/** 'tkhd' version 0 with a 16.16 width/height; `rotate90` writes a quarter-turn matrix. */
export function tkhd(width: number, height: number, rotate90 = false): Buffer {
  const body = Buffer.alloc(84)
  const matrix = rotate90 ? [0, 0x10000, 0, -0x10000, 0, 0, 0, 0, 0x40000000] : [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000]
  matrix.forEach((v, i) => body.writeInt32BE(v, 40 + i * 4))
  body.writeUInt32BE(width * 65536, 76)
  body.writeUInt32BE(height * 65536, 80)
  return box('tkhd', body)
}

export function trak(handler: 'vide' | 'soun', header: Buffer): Buffer {
  const hdlr = Buffer.alloc(24)
  hdlr.write(handler, 8, 'latin1')
  return box('trak', header, box('mdia', box('hdlr', hdlr)))
}

/** A WAV header (PCM 16-bit) with an extra LIST chunk before 'data', followed by `seconds` of silence. */
export function wavBytes(sampleRate: number, channels: number, seconds: number): Buffer {
  const fmt = Buffer.alloc(16)
  fmt.writeUInt16LE(1, 0)
  fmt.writeUInt16LE(channels, 2)
  fmt.writeUInt32LE(sampleRate, 4)
  fmt.writeUInt32LE(sampleRate * channels * 2, 8)
  fmt.writeUInt16LE(channels * 2, 12)
  fmt.writeUInt16LE(16, 14)
  const chunk = (id: string, data: Buffer) => {
    const head = Buffer.alloc(8)
    head.write(id, 0, 'latin1')
    head.writeUInt32LE(data.length, 4)
    return Buffer.concat([head, data, Buffer.alloc(data.length % 2)])
  }
  const body = Buffer.concat([Buffer.from('WAVE'), chunk('fmt ', fmt), chunk('LIST', Buffer.from('INFOxyz')), chunk('data', Buffer.alloc(Math.round(sampleRate * seconds) * channels * 2))])
  const head = Buffer.alloc(8)
  head.write('RIFF', 0, 'latin1')
  head.writeUInt32LE(body.length, 4)
  return Buffer.concat([head, body])
}
