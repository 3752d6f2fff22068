import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { probeMedia } from '../../../src/main/core/media/probe'
import { renderAudio } from '../../../src/simulator/media'
import { useTempDir } from './helpers'

const tempDir = useTempDir()

const samples = (wav: Buffer) => {
  const out = new Int16Array((wav.length - 44) / 2)
  for (let i = 0; i < out.length; i++) out[i] = wav.readInt16LE(44 + i * 2)
  return out
}

const rms = (s: Int16Array) => Math.sqrt(s.reduce((sum, v) => sum + v * v, 0) / s.length) / 32768

const base = { prompt: 'Upbeat synthwave with a catchy hook', seed: 3, durationSeconds: 4 }

describe('renderAudio', () => {
  it('writes a PCM 16-bit mono 22050 Hz WAV of the requested length', async () => {
    const wav = renderAudio(base)
    expect(wav.toString('latin1', 0, 4)).toBe('RIFF')
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8)
    expect(wav.toString('latin1', 8, 16)).toBe('WAVEfmt ')
    expect(wav.readUInt16LE(20)).toBe(1) // PCM
    expect(wav.readUInt16LE(22)).toBe(1) // mono
    expect(wav.readUInt32LE(24)).toBe(22050)
    expect(wav.readUInt16LE(34)).toBe(16)
    expect(wav.readUInt32LE(40)).toBe(4 * 22050 * 2)
    const path = join(tempDir(), 'tune.wav')
    await writeFile(path, wav)
    expect(await probeMedia(path)).toMatchObject({ mime: 'audio/wav', kind: 'audio', durationSeconds: 4 })
  })

  it('honours a lower sample rate and fractional durations', async () => {
    const wav = renderAudio({ ...base, durationSeconds: 2.5, sampleRate: 16000 })
    expect(wav.readUInt32LE(24)).toBe(16000)
    expect((await probeMedia(wav))?.durationSeconds).toBeCloseTo(2.5, 4)
  })

  it('is audible, not clipped, and fades in and out', () => {
    const s = samples(renderAudio(base))
    expect(rms(s)).toBeGreaterThan(0.03)
    expect(s.reduce((peak, v) => Math.max(peak, Math.abs(v)), 0)).toBeLessThan(32000)
    expect(Math.abs(s[0] ?? 1)).toBeLessThan(50)
    expect(Math.abs(s.at(-1) ?? 1)).toBeLessThan(50)
  })

  it('is deterministic and depends on prompt, seed and the voice', () => {
    const a = renderAudio(base)
    expect(Buffer.compare(a, renderAudio(base))).toBe(0)
    expect(Buffer.compare(a, renderAudio({ ...base, seed: 4 }))).not.toBe(0)
    expect(Buffer.compare(a, renderAudio({ ...base, prompt: 'Slow sad piano' }))).not.toBe(0)
    expect(Buffer.compare(a, renderAudio({ ...base, instrumental: true }))).not.toBe(0)
  })

  it('rejects bad durations and sample rates', () => {
    expect(() => renderAudio({ ...base, durationSeconds: 0 })).toThrow(RangeError)
    expect(() => renderAudio({ ...base, durationSeconds: Number.NaN })).toThrow(RangeError)
    expect(() => renderAudio({ ...base, sampleRate: 44100 })).toThrow(RangeError)
  })
})
