// Comparing pictures by their perceptual hashes (perceptual-hash.ts): the Hamming distance
// (how many of the 64 bits differ), the groups of near-identical pictures the Duplicates
// view shows, and the pictures most like one ("Find similar").
//
// The thresholds, measured on the demo service's pictures: the same picture resized,
// recompressed as JPEG (quality 50) or WebP, or made 10 % brighter stays within 4 bits;
// cropped by 5 % on each side, within 11; different pictures are 19 or more apart (most
// near 32, as for unrelated pictures). Hence near-identical ≤ 6 and similar ≤ 12.

/** At most this many bits apart: the same picture (resized, recompressed, re-encoded). */
export const NEAR_IDENTICAL_DISTANCE = 6
/** At most this many bits apart: worth showing under "Find similar" (crops, light edits). */
export const SIMILAR_DISTANCE = 12

/** A well-formed hash: 16 lowercase hexadecimal digits. Anything else (a damaged record) is left out of every comparison. */
export const PERCEPTUAL_HASH_PATTERN = /^[0-9a-f]{16}$/

export interface HashedItem {
  id: string
  /** 16 hex digits (perceptual-hash.ts). */
  hash: string
}

function halves(hash: string): [number, number] {
  return [parseInt(hash.slice(0, 8), 16) >>> 0, parseInt(hash.slice(8, 16), 16) >>> 0]
}

function bitCount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555)
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}

/** How many of the 64 bits differ. */
export function hammingDistance(a: string, b: string): number {
  const [a1, a2] = halves(a)
  const [b1, b2] = halves(b)
  return bitCount((a1 ^ b1) >>> 0) + bitCount((a2 ^ b2) >>> 0)
}

/** The items within `maxDistance` of `hash`, nearest first (ties in the order given). */
export function similarTo(hash: string, items: readonly HashedItem[], maxDistance = SIMILAR_DISTANCE): Array<HashedItem & { distance: number }> {
  const [t1, t2] = halves(hash)
  if (!PERCEPTUAL_HASH_PATTERN.test(hash)) return []
  const found: Array<HashedItem & { distance: number }> = []
  for (const item of items) {
    if (!PERCEPTUAL_HASH_PATTERN.test(item.hash)) continue
    const [h1, h2] = halves(item.hash)
    const distance = bitCount((t1 ^ h1) >>> 0) + bitCount((t2 ^ h2) >>> 0)
    if (distance <= maxDistance) found.push({ ...item, distance })
  }
  return found.sort((a, b) => a.distance - b.distance)
}

/** The 64 bits cut into `parts` runs of bits, each as a number: the keys of the pigeonhole search below. */
function blocks(hash: string, parts: number): number[] {
  const bits = BigInt(`0x${hash}`)
  const out: number[] = []
  let start = 0
  for (let p = 0; p < parts; p++) {
    const size = Math.floor(64 / parts) + (p < 64 % parts ? 1 : 0)
    out.push(Number((bits >> BigInt(64 - start - size)) & ((1n << BigInt(size)) - 1n)))
    start += size
  }
  return out
}

class UnionFind {
  private readonly parent: number[]
  constructor(n: number) {
    this.parent = Array.from({ length: n }, (_, i) => i)
  }
  find(i: number): number {
    let root = i
    while (this.parent[root] !== root) root = this.parent[root]!
    while (this.parent[i] !== root) [this.parent[i], i] = [root, this.parent[i]!]
    return root
  }
  union(a: number, b: number): void {
    this.parent[this.find(a)] = this.find(b)
  }
}

/**
 * The groups of near-identical pictures: two items are in one group when they are within
 * `threshold` bits, or both near a third (chains join). Groups of one are left out; each
 * group keeps the order of `items`, and groups come in the order of their first item.
 *
 * Two hashes within `threshold` bits agree on at least one of `threshold + 1` blocks
 * (pigeonhole), so only items sharing a block's value are compared, not every pair.
 */
export function nearIdenticalGroups(items: readonly HashedItem[], threshold = NEAR_IDENTICAL_DISTANCE): string[][] {
  const valid = items.filter((item) => PERCEPTUAL_HASH_PATTERN.test(item.hash))
  const sets = new UnionFind(valid.length)
  // Identical hashes first, so a thousand copies of one picture cost one comparison each.
  const firstOf = new Map<string, number>()
  valid.forEach((item, i) => {
    const first = firstOf.get(item.hash)
    if (first === undefined) firstOf.set(item.hash, i)
    else sets.union(i, first)
  })
  const parts = Math.min(Math.max(Math.floor(threshold), 0) + 1, 64)
  const distinct = [...firstOf.entries()].map(([hash, i]) => ({ keys: blocks(hash, parts), i }))
  for (let part = 0; part < parts; part++) {
    const buckets = new Map<number, number[]>()
    for (const { keys, i } of distinct) {
      const key = keys[part]!
      const bucket = buckets.get(key)
      if (bucket) bucket.push(i)
      else buckets.set(key, [i])
    }
    for (const bucket of buckets.values()) {
      for (let x = 0; x < bucket.length; x++) {
        for (let y = x + 1; y < bucket.length; y++) {
          const a = bucket[x]!
          const b = bucket[y]!
          if (sets.find(a) !== sets.find(b) && hammingDistance(valid[a]!.hash, valid[b]!.hash) <= threshold) sets.union(a, b)
        }
      }
    }
  }
  const groups = new Map<number, string[]>()
  valid.forEach((item, i) => {
    const root = sets.find(i)
    const group = groups.get(root)
    if (group) group.push(item.id)
    else groups.set(root, [item.id])
  })
  return [...groups.values()].filter((g) => g.length > 1)
}
