// Deterministic randomness for the demo generators: everything a picture, clip or tune
// looks like is drawn from a generator seeded by a hash of (prompt, seed), so the same
// request always yields the same bytes and a different request a visibly different file.
import { createHash } from 'node:crypto'

export type Rng = () => number

/** sfc32: small, fast, and good enough for picking colours and notes. */
function sfc32(a: number, b: number, c: number, d: number): Rng {
  return () => {
    a |= 0; b |= 0; c |= 0; d |= 0
    const t = (((a + b) | 0) + d) | 0
    d = (d + 1) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) | 0
    return (t >>> 0) / 4294967296
  }
}

/**
 * A generator for one (prompt, seed) pair. `salt` separates independent streams
 * (e.g. the picture and its motion) so adding a draw to one does not shift the other.
 */
export function rngFor(prompt: string, seed: number, salt = ''): Rng {
  const digest = createHash('sha256').update(`${salt}\u0000${seed}\u0000${prompt}`, 'utf8').digest()
  const rng = sfc32(digest.readUInt32LE(0), digest.readUInt32LE(4), digest.readUInt32LE(8), digest.readUInt32LE(12))
  for (let i = 0; i < 12; i++) rng() // let the state mix before first use
  return rng
}

export function between(rng: Rng, min: number, max: number): number {
  return min + (max - min) * rng()
}

export function intBetween(rng: Rng, min: number, maxInclusive: number): number {
  return min + Math.floor(rng() * (maxInclusive - min + 1))
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)]
  if (item === undefined) throw new Error('pick() needs a non-empty list')
  return item
}

/** An HSL colour as #rrggbb (h in degrees, s and l in 0..1). */
export function hsl(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360
  const c = (1 - Math.abs(2 * l - 1)) * s
  const x = c * (1 - Math.abs(((hue / 60) % 2) - 1))
  const m = l - c / 2
  const [r, g, b] =
    hue < 60 ? [c, x, 0] : hue < 120 ? [x, c, 0] : hue < 180 ? [0, c, x]
      : hue < 240 ? [0, x, c] : hue < 300 ? [x, 0, c] : [c, 0, x]
  const hex = (v: number) => Math.round((v + m) * 255).toString(16).padStart(2, '0')
  return `#${hex(r)}${hex(g)}${hex(b)}`
}
