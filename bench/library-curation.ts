// The library benchmark's curation: tags on the bench library as creators put them (a few
// tags used everywhere, a long tail of project and series tags, most entries untagged),
// and the tag filter and smart collections timed through the app's own Library against a
// naive scan of the same index in the same run: entries read newest first, their tags and
// other fields matched, until the page is full and 10,000 more are counted (as the gallery
// counts).
import { fileURLToPath, pathToFileURL } from 'node:url'
import { resolve } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import type { LibraryEntry } from '../src/shared/app/views'
import type { LibraryFilter } from '../src/shared/app/library-query'
import { Library } from '../src/main/core/library/library'
import { seeded as rng } from '../src/simulator/faults'
import { childFigures, r1 } from './child-figures'
import { timed } from './query-timing'

const COMMON = ['keeper', 'wip', 'client', 'print', 'social', 'portfolio', 'reference', 'moodboard', 'final', 'reject']
/** The tags a creator uses, most used first: ten everyday ones, then 290 projects and series. */
const TAGS = [...COMMON, ...Array.from({ length: 290 }, (_, n) => (n % 2 ? `series-${n}` : `project-${n}`))]

/** The batches with tags on two entries in five: one to four, skewed to the everyday ones. */
export function* withTags(batches: Iterable<LibraryEntry[]>): Generator<LibraryEntry[]> {
  const rand = rng(13)
  for (const batch of batches) {
    yield batch.map((entry) => {
      if (rand() >= 0.4) return entry
      const tags = new Set(Array.from({ length: 1 + Math.floor(rand() * 4) }, () => TAGS[Math.floor(rand() ** 3 * TAGS.length)] as string))
      return { ...entry, tags: [...tags] }
    })
  }
}

/** Tag filters a user picks: everyday tags, tags of a project, two at once (any, all). */
const TAG_FILTERS: LibraryFilter[] = [
  ...COMMON.map((tag) => ({ tagsAny: [tag] })),
  ...['project-12', 'series-41', 'project-150', 'series-289'].map((tag) => ({ tagsAny: [tag] })),
  { tagsAny: ['keeper', 'final'] }, { tagsAny: ['project-12', 'series-41'] },
  { tagsAll: ['keeper', 'print'] }, { tagsAll: ['client', 'project-20'] }, { tagsAll: ['wip', 'series-7'] }
]

/** Smart collections as creators save them: tags with favourites, a kind, a model, dates, a search. */
const COLLECTIONS: LibraryFilter[] = [
  { tagsAny: ['keeper'], favorite: true },
  { tagsAll: ['client', 'final'], modality: 'image' },
  { query: 'portrait cinematic', tagsAny: ['portfolio', 'print'] },
  { model: 'flux-1.1-pro', favorite: true, from: '2024-06-01' },
  { query: 'dragon', from: '2024-03-01', to: '2024-09-30' },
  { tagsAny: ['project-12'], origin: 'app', modality: 'image' },
  { model: 'sdxl-turbo', tagsAll: ['wip'], to: '2024-12-31' },
  { favorite: true, modality: 'image', query: 'neon city' }
]



/** Whether the entry carries the filter's tags (the naive way: its JSON read and compared). */
function naiveMatch(entry: LibraryEntry, f: LibraryFilter): boolean {
  const tags = new Set((entry.tags ?? []).map((t) => t.toLowerCase()))
  if (f.tagsAny && !f.tagsAny.some((t) => tags.has(t))) return false
  if (f.tagsAll && !f.tagsAll.every((t) => tags.has(t))) return false
  return f.favorite === undefined || entry.favorite === f.favorite
}

/** Without the tag index: entries read newest first and matched until the page and 10,000 more are counted. */
function naiveTagFilter(db: DatabaseSync, f: LibraryFilter, page: number): number {
  let found = 0
  for (const r of db.prepare('SELECT entry FROM entries ORDER BY seq DESC').iterate() as Iterable<{ entry: string }>) {
    if (naiveMatch(JSON.parse(r.entry) as LibraryEntry, f) && ++found >= page + 10_000) break
  }
  return found
}

/** Child: the timings over the library in `dir`. */
async function child(dir: string): Promise<Record<string, number>> {
  const library = await Library.open(dir)
  const db = new DatabaseSync(`${dir}/index.sqlite`, { readOnly: true })
  try {
    const page = (f: LibraryFilter) => () => library.list({ ...f, limit: 100 })
    const tag = timed(TAG_FILTERS.map(page))
    const collection = timed(COLLECTIONS.map(page))
    const each = COLLECTIONS.map((f) => timed([page(f)]).p50)
    const slowest = each.indexOf(Math.max(...each))
    // The sidebar's counts: every collection counted, as the page asks after a change.
    const counts = timed([() => COLLECTIONS.map((f) => library.list({ ...f, limit: 1 }).total)])
    const naive = timed(TAG_FILTERS.slice(0, 3).map((f) => () => naiveTagFilter(db, f, 100)))
    const matches = TAG_FILTERS.map((f) => library.list({ ...f, limit: 1 }).total)
    return {
      tagP50: tag.p50, tagP95: tag.p95, collectionP50: collection.p50, collectionP95: collection.p95, countsMs: counts.p50,
      slowestCollection: slowest, slowestCollectionMs: each[slowest]!,
      naiveTagP50: naive.p50, tagMatchesMin: Math.min(...matches), tagMatchesMax: Math.max(...matches)
    }
  } finally {
    db.close()
    await library.close()
  }
}

const thisFile = fileURLToPath(import.meta.url)

/** Times the tag filter and smart collections over the filled library in `dir`, in a fresh process. */
export async function benchCuration(dir: string): Promise<Record<string, string>> {
  const r = await childFigures(thisFile, dir)
  return {
    [`tag filter p50 / p95 ms (${TAG_FILTERS.length} filters: one tag, any of two, all of two; page of 100 + count), target < 100`]: `${r1(r.tagP50)} / ${r1(r.tagP95)}`,
    'tag filter by a naive scan of every entry, p50 ms': `${r1(r.naiveTagP50)}`,
    'tag filter: naive scan / ours at p50, ×': `${r1((r.naiveTagP50 ?? NaN) / (r.tagP50 ?? NaN))}`,
    'tag filter: entries matching (fewest / most, counted to 10,000)': `${r.tagMatchesMin} / ${r.tagMatchesMax}`,
    [`smart collection opened p50 / p95 ms (${COLLECTIONS.length} saved filters; page of 100 + count), target < 100`]: `${r1(r.collectionP50)} / ${r1(r.collectionP95)}`,
    'smart collection: the slowest, ms': `${r1(r.slowestCollectionMs)} (${JSON.stringify(COLLECTIONS[r.slowestCollection ?? 0])})`,
    [`smart collections: all ${COLLECTIONS.length} counted, ms`]: `${r1(r.countsMs)}`
  }
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href
if (invokedDirectly && process.argv[2] === '--child') console.log(JSON.stringify(await child(process.argv[3]!)))
