// The library benchmark's pictures: each picture of the bench library gets a look (a
// perceptual hash and a dominant palette) as the saver would record it, and "Find similar"
// and the colour filter (on the gallery's swatches, and on other colours a user may pick)
// are timed through the app's own code against a naive scan of the
// same index in the same run: every hash read and compared, every entry's palettes read
// and matched newest first (until the page is full and 10,000 more are counted, as the
// gallery counts).
//
// Hashes: most pictures are unrelated (64 random bits); one in ten is a variant of one of
// the 500 pictures before it (a few bits flipped), as a batch or a set of upscales makes.
// Palettes: three to five colours around a random colour of the entry, with a share each.
import { fileURLToPath, pathToFileURL } from 'node:url'
import { resolve } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import type { LibraryEntry } from '../src/shared/app/views'
import { paletteMatches, type PaletteColour } from '../src/shared/media/colour-match'
import { Library } from '../src/main/core/library/library'
import { LibraryPictures } from '../src/main/core/library/pictures/library-pictures'
import { bitDistance, hashParts } from '../src/main/core/library/index/picture-blocks'
import { COLOUR_SWATCHES } from '../src/shared/media/colour-swatches'
import { seeded as rng } from '../src/simulator/faults'
import { childFigures, r1 } from './child-figures'
import { percentile, timed, timedAsync } from './query-timing'

const hex2 = (n: number) => Math.max(0, Math.min(255, Math.round(n))).toString(16).padStart(2, '0')
const rgb = (r: number, g: number, b: number) => `#${hex2(r)}${hex2(g)}${hex2(b)}`

function paletteOf(rand: () => number): PaletteColour[] {
  const [r, g, b] = [rand() * 255, rand() * 255, rand() * 255]
  const count = 3 + Math.floor(rand() * 3)
  const weights = Array.from({ length: count }, () => 0.2 + rand())
  const sum = weights.reduce((x, y) => x + y, 0)
  return weights
    .map((w, i) => {
      const spread = i === 0 ? 0 : 90
      return { hex: rgb(r + (rand() - 0.5) * spread, g + (rand() - 0.5) * spread, b + (rand() - 0.5) * spread), share: Math.round((w / sum) * 1000) / 1000 }
    })
    .sort((x, y) => y.share - x.share)
}

function randomHash(rand: () => number): string {
  return Array.from({ length: 16 }, () => Math.floor(rand() * 16).toString(16)).join('')
}

function variantOf(hash: string, rand: () => number): string {
  let bits = BigInt(`0x${hash}`)
  for (let flips = Math.floor(rand() * 9); flips > 0; flips--) bits ^= 1n << BigInt(Math.floor(rand() * 64))
  return bits.toString(16).padStart(16, '0')
}

/** The batches with a look on every saved picture (a fixed seed: every run sees the same library). */
export function* withLooks(batches: Iterable<LibraryEntry[]>): Generator<LibraryEntry[]> {
  const rand = rng(11)
  const recent: string[] = []
  for (const batch of batches) {
    yield batch.map((entry) => {
      const palette = paletteOf(rand)
      const files = entry.files.map((f) => {
        const hash = recent.length > 0 && rand() < 0.1 ? variantOf(recent[Math.floor(rand() * recent.length)]!, rand) : randomHash(rand)
        recent.push(hash)
        if (recent.length > 500) recent.shift()
        return f.state === 'saved' ? { ...f, look: { perceptualHash: hash, palette } } : f
      })
      return { ...entry, files }
    })
  }
}

const QUERIES = 30
/** Colours a user picks from the system's picker rather than a swatch: saturated ones, a skin tone, greys and near-black. */
const PICKED = ['#e02020', '#2050e0', '#20a040', '#f0c020', '#8030c0', '#e08050', '#808080', '#f0f0f0', '#101010', '#30c0c0']




/** Pictures spread over the library, each with its entry's id, its file and its hash. */
function samplePictures(db: DatabaseSync, count: number): { jobId: string; index: number; hash: string }[] {
  const { lo, hi } = db.prepare('SELECT min(seq) AS lo, max(seq) AS hi FROM picture_hashes').get() as { lo: number; hi: number }
  const rand = rng(5)
  return Array.from({ length: count }, () => {
    const r = db.prepare('SELECT h.file, h.hi, h.lo, e.entry FROM picture_hashes h JOIN entries e ON e.seq = h.seq WHERE h.seq >= ? ORDER BY h.seq LIMIT 1').get(lo + Math.floor(rand() * (hi - lo))) as { file: number; hi: number; lo: number; entry: string }
    const entry = JSON.parse(r.entry) as LibraryEntry
    return { jobId: entry.id, index: r.file, hash: entry.files.find((f) => f.index === r.file)!.look!.perceptualHash }
  })
}

/** Without the blocks: every hash of the index read and compared. */
function naiveSimilar(db: DatabaseSync, hash: string): number {
  const target = hashParts(hash)!
  let found = 0
  for (const r of db.prepare('SELECT hi, lo FROM picture_hashes').iterate() as Iterable<{ hi: number; lo: number }>) if (bitDistance(target, r) <= 12) found++
  return found
}

/** Without the colour index: entries read newest first, their palettes matched, until the page and 10,000 more are counted. */
function naiveColour(db: DatabaseSync, hex: string, page: number): number {
  let found = 0
  for (const r of db.prepare('SELECT entry FROM entries ORDER BY seq DESC').iterate() as Iterable<{ entry: string }>) {
    const entry = JSON.parse(r.entry) as LibraryEntry
    if (entry.files.some((f) => f.look && paletteMatches(f.look.palette, hex)) && ++found >= page + 10_000) break
  }
  return found
}

/** Child: the timings over the library in `dir`. */
async function child(dir: string): Promise<Record<string, number>> {
  const library = await Library.open(dir)
  const pictures = new LibraryPictures(library)
  const db = new DatabaseSync(`${dir}/index.sqlite`, { readOnly: true })
  try {
    const samples = samplePictures(db, QUERIES)
    const similar = await timedAsync(samples.map((s) => () => pictures.similar({ jobId: s.jobId, index: s.index, limit: 60 })))
    const found = (await Promise.all(samples.map((s) => pictures.similar({ jobId: s.jobId, index: s.index })))).map((p) => p.total)
    // About one picture in ten is a near twin of a recent one (a batch's variations): those find something to show.
    const twinned = samples.filter((_, i) => (found[i] ?? 0) > 0)
    const similarTwinned = await timedAsync(twinned.map((s) => () => pictures.similar({ jobId: s.jobId, index: s.index, limit: 60 })))
    const colour = timed(COLOUR_SWATCHES.map((hex) => () => library.list({ colour: hex, limit: 100 })))
    const colourAndFavourite = timed(COLOUR_SWATCHES.map((hex) => () => library.list({ colour: hex, favorite: true, limit: 100 })))
    const colourAndModel = timed(COLOUR_SWATCHES.map((hex) => () => library.list({ colour: hex, model: 'sdxl-turbo', modality: 'image', limit: 100 })))
    const picked = timed(PICKED.map((hex) => () => library.list({ colour: hex, limit: 100 })))
    const pickedAndFavourite = timed(PICKED.map((hex) => () => library.list({ colour: hex, favorite: true, limit: 100 })))
    const naiveSimilarMs = timed(samples.slice(0, 3).map((s) => () => naiveSimilar(db, s.hash)))
    const naiveColourMs = timed(COLOUR_SWATCHES.slice(0, 3).map((hex) => () => naiveColour(db, hex, 100)))
    const matches = COLOUR_SWATCHES.map((hex) => library.list({ colour: hex, limit: 1 }).total)
    return {
      similarP50: similar.p50, similarP95: similar.p95, similarFoundMedian: percentile([...found].sort((a, b) => a - b), 50),
      similarTwinned: twinned.length, similarFoundMost: Math.max(...found), similarTwinnedP95: twinned.length ? similarTwinned.p95 : NaN,
      naiveSimilarP50: naiveSimilarMs.p50, colourP50: colour.p50, colourP95: colour.p95, colourFavouriteP50: colourAndFavourite.p50, colourFavouriteP95: colourAndFavourite.p95,
      colourModelP95: colourAndModel.p95, pickedP50: picked.p50, pickedP95: picked.p95, pickedFavouriteP95: pickedAndFavourite.p95,
      naiveColourP50: naiveColourMs.p50, colourMatchesMin: Math.min(...matches), colourMatchesMax: Math.max(...matches)
    }
  } finally {
    db.close()
    await pictures.close()
    await library.close()
  }
}

const thisFile = fileURLToPath(import.meta.url)

/** Times "Find similar" and the colour filter over the filled library in `dir`, in a fresh process. */
export async function benchLooks(dir: string): Promise<Record<string, string>> {
  const r = await childFigures(thisFile, dir)
  return {
    'find similar p50 / p95 ms (page of 60, within 12 bits), target < 100': `${r1(r.similarP50)} / ${r1(r.similarP95)}`,
    'find similar by a naive scan of every hash, p50 ms': `${r1(r.naiveSimilarP50)}`,
    'find similar: naive scan / ours at p50, ×': `${r1((r.naiveSimilarP50 ?? NaN) / (r.similarP50 ?? NaN))}`,
    'find similar: pictures found, median / most': `${r.similarFoundMedian} / ${r.similarFoundMost}`,
    [`find similar: of ${QUERIES} pictures, those with near twins, and their p95 ms`]: `${r.similarTwinned} / ${r1(r.similarTwinnedP95)}`,
    'colour filter (a swatch) p50 / p95 ms (page of 100 + count), target < 100': `${r1(r.colourP50)} / ${r1(r.colourP95)}`,
    'colour filter (a swatch) with favourites p50 / p95 ms': `${r1(r.colourFavouriteP50)} / ${r1(r.colourFavouriteP95)}`,
    'colour filter (a swatch) with a model and kind p95 ms': `${r1(r.colourModelP95)}`,
    'colour filter (another colour, from the picker) p50 / p95 ms; with favourites p95': `${r1(r.pickedP50)} / ${r1(r.pickedP95)}; ${r1(r.pickedFavouriteP95)}`,
    'colour filter by a naive scan of every palette, p50 ms': `${r1(r.naiveColourP50)}`,
    'colour filter: naive scan / ours at p50, ×': `${r1((r.naiveColourP50 ?? NaN) / (r.colourP50 ?? NaN))}`,
    'colour filter: entries matching (fewest / most, counted to 10,000)': `${r.colourMatchesMin} / ${r.colourMatchesMax}`
  }
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href
if (invokedDirectly && process.argv[2] === '--child') console.log(JSON.stringify(await child(process.argv[3]!)))
