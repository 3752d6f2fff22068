import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { ACCEPTED_UPLOAD_MIME, extOfMime, kindOfMime, normalizeMime, sniffMediaType } from '../../../src/shared/media/sniff'
import { renderAudio, renderImage, renderVideo } from '../../../src/simulator/media'
import { box, ftyp } from './helpers'

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p)))))

describe('sniffMediaType on generated files', () => {
  it.each(['png', 'jpeg', 'webp'] as const)('recognises a rendered %s', async (format) => {
    const image = await renderImage({ prompt: 'sniff', seed: 1, width: 64, height: 48, format })
    expect(sniffMediaType(image)).toEqual({
      png: { mime: 'image/png', kind: 'image', ext: 'png' },
      jpeg: { mime: 'image/jpeg', kind: 'image', ext: 'jpg' },
      webp: { mime: 'image/webp', kind: 'image', ext: 'webp' }
    }[format])
  })

  it('recognises a GIF', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } }).gif().toBuffer()
    expect(sniffMediaType(gif)?.mime).toBe('image/gif')
  })

  it('recognises the demo WebM video and WAV audio', async () => {
    const video = await renderVideo({ prompt: 'sniff', seed: 1, width: 64, height: 64, durationSeconds: 0.5 })
    expect(sniffMediaType(video)).toEqual({ mime: 'video/webm', kind: 'video', ext: 'webm' })
    const audio = renderAudio({ prompt: 'sniff', seed: 1, durationSeconds: 0.2 })
    expect(sniffMediaType(audio)).toEqual({ mime: 'audio/wav', kind: 'audio', ext: 'wav' })
  })

  it('needs only the first 64 bytes', async () => {
    const image = await renderImage({ prompt: 'sniff', seed: 2, width: 32, height: 32, format: 'png' })
    expect(sniffMediaType(image.subarray(0, 64))?.mime).toBe('image/png')
  })
})

describe('sniffMediaType on constructed headers', () => {
  it.each([
    ['MP4 (isom)', ftyp('isom', 'isom', 'avc1'), 'video/mp4'],
    ['MP4 (mp42)', ftyp('mp42', 'mp42', 'isom'), 'video/mp4'],
    ['MP4 (avc1)', ftyp('avc1'), 'video/mp4'],
    ['M4V', ftyp('M4V ', 'M4V ', 'M4A ', 'mp42'), 'video/mp4'],
    ['M4A', ftyp('M4A ', 'M4A ', 'mp42', 'isom'), 'audio/mp4'],
    ['M4B', ftyp('M4B '), 'audio/mp4'],
    ['QuickTime ftyp', ftyp('qt  ', 'qt  '), 'video/quicktime'],
    ['QuickTime moov first', box('moov', Buffer.alloc(16)), 'video/quicktime'],
    ['QuickTime wide atom', box('wide'), 'video/quicktime'],
    ['unknown brand listing mp41', ftyp('xxxx', 'mp41'), 'video/mp4'],
    ['Matroska', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88], 'matroska'), 'video/x-matroska'],
    ['WebM', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], 'webm'), 'video/webm'],
    ['MP3 with ID3', bytes('ID3', [4, 0, 0, 0, 0, 0, 0]), 'audio/mpeg'],
    ['MP3 frame (MPEG-1 layer III)', bytes([0xff, 0xfb, 0x90, 0x64, 0, 0, 0, 0]), 'audio/mpeg'],
    ['MP3 frame (MPEG-2 layer III)', bytes([0xff, 0xf3, 0x90, 0x64, 0, 0, 0, 0]), 'audio/mpeg'],
    ['MP3 frame (MPEG-2.5)', bytes([0xff, 0xe3, 0x50, 0x64, 0, 0, 0, 0]), 'audio/mpeg'],
    ['WAV', bytes('RIFF', [36, 0, 0, 0], 'WAVEfmt '), 'audio/wav'],
    ['FLAC', bytes('fLaC', [0, 0, 0, 34]), 'audio/flac'],
    ['Ogg', bytes('OggS', [0, 2, 0, 0]), 'audio/ogg']
  ])('%s', (_name, data, mime) => {
    expect(sniffMediaType(data)?.mime).toBe(mime)
  })

  it.each([
    ['empty', new Uint8Array()],
    ['three bytes', bytes([0x89, 0x50, 0x4e])],
    ['text', bytes('hello, this is not a media file at all')],
    ['JSON', bytes('{"error":"not found"}')],
    ['HTML', bytes('<!doctype html><html>')],
    ['zeros', new Uint8Array(64)],
    ['AVI (RIFF but not WAVE/WEBP)', bytes('RIFF', [0, 0, 0, 0], 'AVI LIST')],
    ['AVIF image', ftyp('avif', 'avif', 'mif1', 'miaf', 'iso8')],
    ['HEIC image', ftyp('heic', 'mif1', 'heic')],
    ['AAC ADTS (layer bits 00)', bytes([0xff, 0xf1, 0x50, 0x80, 0, 0, 0, 0])],
    ['frame sync with bad bitrate', bytes([0xff, 0xfb, 0xf0, 0x00])],
    ['PDF', bytes('%PDF-1.7')],
    ['ZIP', bytes('PK', [3, 4, 20, 0])],
    ['truncated PNG signature', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a])]
  ])('rejects %s', (_name, data) => {
    expect(sniffMediaType(data)).toBeNull()
  })

  it('rejects pseudo-random junk', () => {
    let state = 12345
    for (let n = 0; n < 200; n++) {
      const junk = new Uint8Array(64).map(() => {
        state = (Math.imul(state, 1103515245) + 12345) >>> 0
        return state >>> 24
      })
      junk[0] = junk[0] === 0xff ? 0 : junk[0] ?? 0 // keep clear of the two single-byte-led signatures
      if (junk[0] === 0x1a) junk[0] = 0
      expect(sniffMediaType(junk)).toBeNull()
    }
  })
})

describe('MIME helpers', () => {
  it('classifies MIME types', () => {
    expect(kindOfMime('image/png')).toBe('image')
    expect(kindOfMime('video/webm; codecs="vp8"')).toBe('video')
    expect(kindOfMime('audio/x-wav')).toBe('audio')
    expect(kindOfMime('image/avif')).toBe('image')
    expect(kindOfMime('application/json')).toBeNull()
    expect(kindOfMime('')).toBeNull()
  })

  it('normalises aliases and finds extensions', () => {
    expect(normalizeMime(' Image/JPG ')).toBe('image/jpeg')
    expect(normalizeMime('audio/mp3')).toBe('audio/mpeg')
    expect(extOfMime('audio/x-wav')).toBe('wav')
    expect(extOfMime('video/quicktime')).toBe('mov')
    expect(extOfMime('application/pdf')).toBeNull()
  })

  it('accepts every format it can sniff for upload, except Matroska', () => {
    for (const mime of ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'video/mp4', 'video/webm', 'video/quicktime',
      'audio/mpeg', 'audio/wav', 'audio/mp4', 'audio/flac', 'audio/ogg']) {
      expect(ACCEPTED_UPLOAD_MIME).toContain(mime)
    }
    expect(ACCEPTED_UPLOAD_MIME).not.toContain('video/x-matroska')
  })
})
