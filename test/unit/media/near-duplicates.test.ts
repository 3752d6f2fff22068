// Comparing perceptual hashes: the distance, "Find similar", and the near-identical groups
// of the Duplicates view (checked against comparing every pair).
import { describe, expect, it } from 'vitest'
import { hammingDistance, nearIdenticalGroups, NEAR_IDENTICAL_DISTANCE, similarTo, type HashedItem } from '../../../src/main/core/media/near-duplicates'

/** `hash` with the given bits (0 = the highest) flipped. */
function flip(hash: string, ...bits: number[]): string {
  let value = BigInt(`0x${hash}`)
  for (const bit of bits) value ^= 1n << BigInt(63 - bit)
  return value.toString(16).padStart(16, '0')
}

/** A small seeded generator, so a failing case can be run again. */
function random(seed: number): () => number {
  let s = seed
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0
    return s / 2 ** 32
  }
}

function randomHash(next: () => number): string {
  let hex = ''
  for (let i = 0; i < 16; i++) hex += Math.floor(next() * 16).toString(16)
  return hex
}

/** The groups found by comparing every pair: what the fast search must equal. */
function groupsByEveryPair(items: HashedItem[], threshold: number): string[][] {
  const group = items.map((_, i) => i)
  const root = (i: number): number => (group[i] === i ? i : root(group[i]!))
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) if (hammingDistance(items[i]!.hash, items[j]!.hash) <= threshold) group[root(i)] = root(j)
  }
  const out = new Map<number, string[]>()
  items.forEach((item, i) => out.set(root(i), [...(out.get(root(i)) ?? []), item.id]))
  return [...out.values()].filter((g) => g.length > 1)
}

const normalise = (groups: string[][]) => groups.map((g) => [...g].sort().join(',')).sort()

describe('Hamming distance', () => {
  it('counts the bits that differ, in both halves of the 64', () => {
    const zero = '0000000000000000'
    expect(hammingDistance(zero, zero)).toBe(0)
    expect(hammingDistance(zero, 'ffffffffffffffff')).toBe(64)
    expect(hammingDistance(zero, '8000000000000000')).toBe(1)
    expect(hammingDistance(zero, '0000000000000001')).toBe(1)
    expect(hammingDistance('d83c5f8187793884', flip('d83c5f8187793884', 0, 31, 32, 63))).toBe(4)
  })
})

describe('find similar', () => {
  it('lists the items within the distance, nearest first, and leaves damaged hashes out', () => {
    const a = 'd83c5f8187793884'
    const items = [
      { id: 'far', hash: flip(a, ...Array.from({ length: 20 }, (_, i) => i * 3)) },
      { id: 'five', hash: flip(a, 1, 2, 3, 4, 5) },
      { id: 'same', hash: a },
      { id: 'two', hash: flip(a, 60, 61) },
      { id: 'damaged', hash: 'not-a-hash' }
    ]
    expect(similarTo(a, items).map((i) => [i.id, i.distance])).toEqual([['same', 0], ['two', 2], ['five', 5]])
    expect(similarTo(a, items, 2).map((i) => i.id)).toEqual(['same', 'two'])
    expect(similarTo('garbage', items)).toEqual([])
  })
})

describe('near-identical groups', () => {
  it('groups pictures within the threshold, chains near ones, and leaves the rest (and damaged hashes) out', () => {
    const a = '476c73338c879c25'
    const b = 'c3c06936377c3a97'
    const c = '5170c3c67c398f19'
    const items = [
      { id: 'a', hash: a },
      { id: 'b', hash: b },
      { id: 'a-resized', hash: flip(a, 3, 40, 41) },
      { id: 'b-far', hash: flip(b, 0, 9, 18, 27, 36, 45, 54) }, // 7 bits: not near-identical
      { id: 'c', hash: c },
      { id: 'c-five', hash: flip(c, 0, 1, 2, 3, 4) },
      { id: 'c-ten', hash: flip(c, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9) }, // 10 from c, 5 from c-five
      { id: 'a-copy', hash: a },
      { id: 'damaged', hash: 'zzzzzzzzzzzzzzzz' }
    ]
    expect(nearIdenticalGroups(items)).toEqual([['a', 'a-resized', 'a-copy'], ['c', 'c-five', 'c-ten']])
  })

  it.each([0, 3, NEAR_IDENTICAL_DISTANCE, 10])('finds exactly the groups that comparing every pair finds (threshold %i)', (threshold) => {
    const next = random(threshold + 1)
    const items: HashedItem[] = []
    for (let family = 0; family < 40; family++) {
      const base = randomHash(next)
      const members = 1 + Math.floor(next() * 4)
      for (let m = 0; m < members; m++) {
        const flips = Array.from({ length: Math.floor(next() * (threshold + 3)) }, () => Math.floor(next() * 64))
        items.push({ id: `${family}-${m}`, hash: flip(base, ...flips) })
      }
    }
    const expected = groupsByEveryPair(items, threshold)
    expect(expected.length).toBeGreaterThan(3)
    expect(normalise(nearIdenticalGroups(items, threshold))).toEqual(normalise(expected))
  })
})
