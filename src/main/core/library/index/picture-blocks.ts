// A perceptual hash cut into blocks, so the index finds the pictures near one without
// comparing it with every other (multi-index hashing, Norouzi, Punjani and Fleet, 2012).
// The 64 bits are cut into four blocks of 16 bits, each kept in the index under its value
// (picture_chunks). Two hashes at most d bits apart differ by d0 + d1 + d2 + d3 = d bits
// over the four blocks. Writing d = 4a + b (0 ≤ b < 4), at least one of the first b + 1
// blocks differs by at most a bits, or one of the others by at most a − 1: were it not
// so, the blocks would differ by (b + 1)(a + 1) + (3 − b)a = d + 1 bits or more
// (pigeonhole, sharpened as the paper does). Looking up, in each block, every value within
// its radius of the hash's own therefore finds every picture within d bits. Each candidate
// is measured on its whole 64 bits in SQL (hashDistanceSql), so only the pictures within
// d bits leave the index: nothing within d bits is missed, nothing beyond it is returned.
//
// Four blocks rather than three (22, 21 and 21 bits): the cost of a look-up is in the
// values looked up, each a seek in a large index, more than in the candidates each brings
// back, which lie side by side and are measured without leaving SQLite. For "Find
// similar" (12 bits: one block within 3 bits, three within 2) that is 1,108 look-ups,
// where three blocks needed 12,233 (one within 4, two within 3); for near-identical
// pictures (6 bits: three blocks within 1, one exact) 52.

/** The hash as two unsigned 32-bit halves (JavaScript's bit operations are on 32 bits). */
export interface HashParts {
  hi: number
  lo: number
}

/** How many blocks of 16 bits a hash is cut into. */
const BLOCKS = 4
/** A block's key in the index: its number times this, plus its value. */
const BLOCK_SPAN = 2 ** 16

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

/** The values of the four blocks, first bits first. */
function blockValues(h: HashParts): number[] {
  return [h.hi >>> 16, h.hi & 0xffff, h.lo >>> 16, h.lo & 0xffff]
}

/** The keys the index keeps a hash under, one per block. */
export function blockKeys(h: HashParts): number[] {
  return blockValues(h).map((value, block) => block * BLOCK_SPAN + value)
}

/** Every value of 16 bits within `radius` bits of `value`, itself first. */
function valuesWithin(value: number, radius: number): number[] {
  const out = [value]
  const flip = (from: number, v: number, left: number) => {
    for (let bit = from; bit < 16; bit++) {
      const w = v ^ (1 << bit)
      out.push(w)
      if (left > 1) flip(bit + 1, w, left - 1)
    }
  }
  if (radius > 0) flip(0, value, radius)
  return out
}

/** How far from its own value each block is looked up, to find every hash within `maxDistance` bits (see above; -1: not at all). */
export function blockRadii(maxDistance: number): number[] {
  const d = Math.max(0, Math.floor(maxDistance))
  const a = Math.floor(d / BLOCKS)
  const b = d % BLOCKS
  return Array.from({ length: BLOCKS }, (_, block) => (block <= b ? a : a - 1))
}

/** The keys to look up to find every hash within `maxDistance` bits of `h` (see above). */
export function probeKeys(h: HashParts, maxDistance: number): number[] {
  const radii = blockRadii(maxDistance)
  return blockValues(h).flatMap((value, block) => (radii[block]! < 0 ? [] : valuesWithin(value, radii[block]!).map((v) => block * BLOCK_SPAN + v)))
}

/** The bits set in the unsigned 32-bit SQL value `x`, as bitCount counts them, in SQL. */
function bitCountSql(x: string): string {
  const pairs = `(${x} - ((${x} >> 1) & ${0x55555555}))`
  const nibbles = `((${pairs} & ${0x33333333}) + ((${pairs} >> 2) & ${0x33333333}))`
  // Whole in brackets: SQL's + binds tighter than its >>.
  return `(((((${nibbles} + (${nibbles} >> 4)) & ${0x0f0f0f0f}) * ${0x01010101}) & ${0xffffffff}) >> 24)`
}

/** a XOR b in SQL, which has no XOR: the bits set in either, less those set in both. */
const xorSql = (a: string, b: string): string => `((${a} | ${b}) - (${a} & ${b}))`

/** The bits by which columns `hi` and `lo` differ from the hash in parameters `hiParam` and `loParam` (e.g. `?2`), in SQL. */
export function hashDistanceSql(hiParam: string, loParam: string): string {
  return `(${bitCountSql(xorSql('hi', hiParam))} + ${bitCountSql(xorSql('lo', loParam))})`
}
