// "Find similar" through the index's blocks gives exactly what comparing every hash gives:
// on a generated library with look-alikes at the edge of each distance (exactly that many
// bits away, spread over the blocks every way, and one bit beyond), every picture within
// the distance is found and none beyond it. The table of blocks heals: missing, of another
// shape, or of an earlier layout, it is made anew at open and filled again in the
// background, and the answers are exact the whole time.
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'
import { LibraryIndex } from '../../../src/main/core/library/index/library-index'
import { hashParts, type HashParts } from '../../../src/main/core/library/index/picture-blocks'
import type { LibraryEntry, LibraryFile } from '../../../src/shared/app/views'
import { cleanupAfterEach } from '../support/cleanup'
import { seeded as rng } from '../../../src/simulator/faults'
import { madeEntry } from '../support/library-entries'

const cleanup = cleanupAfterEach()

const hex = (bits: bigint): string => bits.toString(16).padStart(16, '0')
/** Counted on the 64 bits as one number, apart from the index's own arithmetic. */
const distance = (a: string, b: string): number => [...(BigInt(`0x${a}`) ^ BigInt(`0x${b}`)).toString(2)].filter((c) => c === '1').length

/** `hash` with `perBlock[i]` distinct bits flipped in 16-bit block i (block 0 the first bits). */
function flipped(hash: string, perBlock: number[], rand: () => number): string {
  let bits = BigInt(`0x${hash}`)
  perBlock.forEach((count, block) => {
    const chosen = new Set<number>()
    while (chosen.size < count) chosen.add(Math.floor(rand() * 16))
    for (const bit of chosen) bits ^= 1n << BigInt(63 - (block * 16 + bit))
  })
  return hex(bits)
}

/** Every way of spreading `total` flipped bits over the four blocks, at most `cap` (from the front) of them. */
function spreads(total: number, cap = 40): number[][] {
  const out: number[][] = []
  for (let a = 0; a <= Math.min(16, total); a++)
    for (let b = 0; b <= Math.min(16, total - a); b++)
      for (let c = 0; c <= Math.min(16, total - a - b); c++) if (total - a - b - c <= 16) out.push([a, b, c, total - a - b - c])
  return out.filter((_, i) => i % Math.max(1, Math.floor(out.length / cap)) === 0)
}

const CENTRES = ['f0f0a5a5c3c30ff0', '0123456789abcdef', '0000000000000000']

/** Hashes: unrelated ones, and around each centre look-alikes at 6, 7, 12 and 13 bits and within. */
function generatedHashes(): string[] {
  const rand = rng(28)
  const hashes = Array.from({ length: 300 }, () => hex((BigInt(Math.floor(rand() * 2 ** 32)) << 32n) | BigInt(Math.floor(rand() * 2 ** 32))))
  for (const centre of CENTRES) {
    hashes.push(centre)
    for (const d of [1, 3, 5, 6, 7, 9, 11, 12, 13, 14]) for (const spread of spreads(d)) hashes.push(flipped(centre, spread, rand))
  }
  return hashes
}

function picture(index: number, perceptualHash: string): LibraryFile {
  return {
    index, role: 'image', url: null, path: `files/p/${index}.png`, thumbnail: null, state: 'saved', lostReason: null, bytes: 10, sha256: null,
    mime: 'image/png', width: 64, height: 64, durationSeconds: null, look: { perceptualHash, palette: [] }
  }
}

/** Entries of two pictures each, carrying `hashes` in order. */
function entriesOf(hashes: string[]): LibraryEntry[] {
  const entries: LibraryEntry[] = []
  for (let i = 0; i < hashes.length; i += 2) entries.push(madeEntry(i / 2 + 1, { files: hashes.slice(i, i + 2).map((h, f) => picture(f, h)) }))
  return entries
}

async function indexWith(entries: LibraryEntry[]): Promise<{ file: string; index: LibraryIndex }> {
  const file = join(await cleanup.tempDir('similar-index-'), 'index.sqlite')
  const index = LibraryIndex.open(file)
  index.transaction(() => entries.forEach((e) => index.put(e)))
  return { file, index }
}

/** What comparing every hash finds: "seq:file:distance" of each picture within `max` bits of `target`. */
function scanned(index: LibraryIndex, entries: LibraryEntry[], target: string, max: number): string[] {
  return entries.flatMap((e) => {
    const seq = index.pictures.seqOf(e.id)!
    return e.files.flatMap((f) => {
      const d = distance(target, f.look!.perceptualHash)
      return d <= max ? [`${seq}:${f.index}:${d}`] : []
    })
  }).sort()
}

const found = (index: LibraryIndex, target: string, max: number): string[] =>
  index.pictures.near(hashParts(target) as HashParts, max).map((n) => `${n.seq}:${n.file}:${n.distance}`).sort()

describe('find similar through the blocks', () => {
  it('finds exactly what comparing every hash finds, at every distance, look-alikes one bit beyond left out', async () => {
    const hashes = generatedHashes()
    const entries = entriesOf(hashes)
    const { index } = await indexWith(entries)
    cleanup.defer(() => index.close())
    for (const centre of CENTRES) {
      for (const max of [0, 1, 4, 6, 7, 11, 12, 13]) expect(found(index, centre, max)).toEqual(scanned(index, entries, centre, max))
      // The look-alikes at the edge are there, and those one bit beyond are not returned.
      const atTwelve = found(index, centre, 12).map((k) => Number(k.split(':')[2]))
      expect(atTwelve.filter((d) => d === 12).length).toBeGreaterThan(10)
      expect(atTwelve.some((d) => d > 12)).toBe(false)
      expect(hashes.some((h) => distance(h, centre) === 13)).toBe(true)
    }
  })
})

describe('the table of blocks heals', () => {
  const damages: [string, string][] = [
    ['missing', 'DROP TABLE picture_chunks'],
    ['of another shape', 'DROP TABLE picture_chunks; CREATE TABLE picture_chunks(key INTEGER, seq INTEGER)'],
    ['emptied, with an earlier layout beside it', "DROP TABLE picture_chunks; CREATE TABLE picture_blocks(key INTEGER NOT NULL, seq INTEGER NOT NULL, file INTEGER NOT NULL, hi INTEGER NOT NULL, lo INTEGER NOT NULL, PRIMARY KEY(key, seq, file)) WITHOUT ROWID"]
  ]
  for (const [what, sql] of damages) {
    it(`is made anew at open when ${what}, answers exactly while it fills, and fills in the background`, async () => {
      const hashes = generatedHashes()
      const entries = entriesOf(hashes)
      const { file, index } = await indexWith(entries)
      index.close()
      const db = new DatabaseSync(file)
      db.exec(sql)
      db.close()
      const reopened = LibraryIndex.open(file)
      cleanup.defer(() => reopened.close())
      const expected = CENTRES.map((c) => scanned(reopened, entries, c, 12))
      expect(CENTRES.map((c) => found(reopened, c, 12))).toEqual(expected)
      // Filled a few entries at a time; answers stay exact at every step.
      let steps = 0
      while (reopened.pictures.fillChunks(40)) {
        steps++
        expect(CENTRES.map((c) => found(reopened, c, 12))).toEqual(expected)
      }
      expect(steps).toBeGreaterThan(2)
      const check = new DatabaseSync(file, { readOnly: true })
      cleanup.defer(() => check.close())
      expect((check.prepare('SELECT count(*) AS n FROM picture_chunks').get() as { n: number }).n).toBe(hashes.length * 4)
      expect(check.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'picture_blocks'").get()).toBeUndefined()
    })
  }
})
