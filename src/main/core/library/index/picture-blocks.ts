// A perceptual hash cut into blocks, so the index finds the pictures near one without
// comparing it with every other (multi-index hashing, Norouzi et al., 2012). The 64 bits
// are cut into three blocks of 22, 21 and 21 bits, each kept in the index under its value.
// Two hashes at most d bits apart differ by d1 + d2 + d3 = d bits over the three blocks,
// so in at least one block by at most ⌊d / 3⌋ (pigeonhole). Looking up, in each block,
// every value within ⌊d / 3⌋ bits of the hash's own therefore finds every picture within
// d bits: for "Find similar" (12 bits) every value within 4 bits of each block, 24,203
// look-ups; for near-identical pictures (6 bits) within 2, 718. Each candidate is then
// measured on its whole 64 bits. Nothing within d bits is missed; what is found beyond it
// is dropped by that measure.
//
// Three blocks rather than four (16 bits each, 2,788 look-ups within 3 bits) because the
// cost is in the candidates each look-up brings back: with pictures spread evenly, a
// 16-bit value is shared by one in 65,536, a 21-bit one by one in 2 million. At a million
// entries of two or three pictures each, four blocks bring back about 106,000 candidates
// for "Find similar", three about 23,000.

/** The hash as two unsigned 32-bit halves (JavaScript's bit operations are on 32 bits). */
export interface HashParts {
  hi: number
  lo: number
}

/** The widths of the blocks, first bits first. */
export const BLOCK_BITS = [22, 21, 21] as const
/** A block's key in the index: its number times this, plus its value. */
const BLOCK_SPAN = 2 ** 22

const HEX16 = /^[0-9a-f]{16}$/

/** The halves of a hash written as 16 hex digits, or null for anything else. */
export function hashParts(hex: string): HashParts | null {
  if (!HEX16.test(hex)) return null
  return { hi: parseInt(hex.slice(0, 8), 16) >>> 0, lo: parseInt(hex.slice(8), 16) >>> 0 }
}

function bitCount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555)
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}

/** How many of the 64 bits differ. */
export function bitDistance(a: HashParts, b: HashParts): number {
  return bitCount((a.hi ^ b.hi) >>> 0) + bitCount((a.lo ^ b.lo) >>> 0)
}

/** The values of the three blocks: the first 22 bits, the next 21, the last 21. */
function blockValues(h: HashParts): [number, number, number] {
  return [h.hi >>> 10, ((h.hi & 0x3ff) << 11) | (h.lo >>> 21), h.lo & 0x1fffff]
}

/** The keys the index keeps a hash under, one per block. */
export function blockKeys(h: HashParts): number[] {
  return blockValues(h).map((value, block) => block * BLOCK_SPAN + value)
}

/** Every value of `bits` bits within `radius` bits of `value`, itself first. */
function valuesWithin(value: number, bits: number, radius: number): number[] {
  const out = [value]
  const flip = (from: number, v: number, left: number) => {
    for (let bit = from; bit < bits; bit++) {
      const w = v ^ (1 << bit)
      out.push(w)
      if (left > 1) flip(bit + 1, w, left - 1)
    }
  }
  if (radius > 0) flip(0, value, radius)
  return out
}

/**
 * The keys to look up to find every hash within `maxDistance` bits of `h` (see above):
 * in each block, the values within ⌊maxDistance / 3⌋ bits of its own.
 */
export function probeKeys(h: HashParts, maxDistance: number): number[] {
  const radius = Math.floor(Math.max(0, maxDistance) / BLOCK_BITS.length)
  return blockValues(h).flatMap((value, block) => valuesWithin(value, BLOCK_BITS[block]!, radius).map((v) => block * BLOCK_SPAN + v))
}
