// Library benchmark: a library of BENCH_LIBRARY_ENTRIES entries (default 1,000,000) in the
// SQLite index, opened and searched through the app's own Library, against the store it
// replaced (a summary log loaded into memory with an in-memory search, bench/baseline/) at
// BENCH_LIBRARY_BASELINE_ENTRIES (default 100,000), the size that store can reach.
//
// The index is filled through the index's own insert path, in transactions of 5,000 entries;
// entry files are not written for it, since opening and searching never read them (the
// baseline's are, since its pages read them). Loading and searching run in fresh child
// processes (this file again, with --child) so each peak RSS belongs to one store alone.
//
//   npm run bench -- library        (BENCH_LIBRARY_ENTRIES=20000 for a quick check)
//
// BENCH_LIBRARY_DATA_DIR keeps the filled library there and reuses one already filled in it
// (filling a million entries takes about ten minutes), instead of a new temporary one.
import { existsSync } from 'node:fs'
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Engine } from '../src/main/core/engine'
import { Library } from '../src/main/core/library/library'
import { SummaryLibrary, writeSummaryLibrary } from './baseline/summary-library'
import { entryBatches, fillIndex, queries } from './library-data'
import { benchLooks, withLooks } from './library-look'
import { timed, type Percentiles } from './query-timing'
import { benchCuration, withTags } from './library-curation'
import { childFigures, r1 } from './child-figures'

const ENTRIES = Number(process.env.BENCH_LIBRARY_ENTRIES ?? 1_000_000)
const BASELINE_ENTRIES = Math.min(ENTRIES, Number(process.env.BENCH_LIBRARY_BASELINE_ENTRIES ?? 100_000))
/** Fresh processes per measurement; the best figure of each is kept. BENCH_LIBRARY_RUNS overrides. */
const RUNS = Number(process.env.BENCH_LIBRARY_RUNS ?? 3)
const PAGE = 100


/** p50/p95 in ms of running `fn` once per query, after one untimed pass to warm the JIT and the page cache. */
function timeQueries(fn: (query: string) => unknown): Percentiles {
  return timed(queries().map((q) => () => fn(q.join(' '))))
}

const peakRssMb = (): number => process.resourceUsage().maxRSS / 1024

interface Store {
  size(): number
  list(query: string, limit: number): { entries: unknown[]; total: number }
}

/**
 * Child: an engine started over the library the way the app starts one (journal, index,
 * the check of the job folders behind it), until it lists the first page. The benchmark's
 * library has no job folders, so the check would take entries out: this runs last.
 */
async function startChild(dir: string): Promise<Record<string, number>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-library-engine-'))
  const offline = 'http://127.0.0.1:9'
  const engine = new Engine({ dataDir, libraryDir: dir, baseUrl: offline, legacyBaseUrl: offline, apiKey: () => null, webhooks: { mode: 'off' } })
  const started = performance.now()
  try {
    await engine.start()
    if (engine.listLibrary({ limit: 60 }).entries.length === 0) throw new Error('the started engine lists nothing')
    return { startMs: performance.now() - started }
  } finally {
    await engine.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

/** Child: open a store, show its first page, then search it a page (with the count of every match) at a time. */
async function child(kind: string, dir: string): Promise<Record<string, number>> {
  const started = performance.now()
  let store: Store
  if (kind === 'ours') {
    const library = await Library.open(dir)
    store = { size: () => library.size(), list: (query, limit) => library.list({ query, limit }) }
  } else {
    store = await SummaryLibrary.open(dir)
  }
  const openMs = performance.now() - started
  if (store.list('', 60).entries.length !== Math.min(60, store.size())) throw new Error('the first page is short')
  const firstPageMs = performance.now() - started
  const search = timeQueries((q) => store.list(q, PAGE))
  return { records: store.size(), openMs, firstPageMs, rssMb: peakRssMb(), searchP50: search.p50, searchP95: search.p95 }
}

const thisFile = fileURLToPath(import.meta.url)

async function inChildren(kind: string, dir: string): Promise<Record<string, number>> {
  const best: Record<string, number> = {}
  for (let run = 0; run < RUNS; run++) {
    const result = await childFigures(thisFile, kind, dir)
    for (const [key, value] of Object.entries(result)) best[key] = Math.min(value, best[key] ?? Infinity)
  }
  return best
}

/** Written into a part of a kept library once it is whole. */
const FILLED_MARK = 'bench-filled'

export async function benchLibrary(): Promise<Record<string, number | string>> {
  const kept = process.env.BENCH_LIBRARY_DATA_DIR
  const dir = kept ?? (await mkdtemp(join(tmpdir(), 'bench-library-')))
  // A kept library is reused part by part: each is marked filled once whole, so a run cut short fills again only what it had not finished.
  const filled = (part: string) => kept !== undefined && existsSync(join(dir, part, FILLED_MARK))
  const reused = { ours: filled('ours'), baseline: filled('baseline') }
  try {
    let started = performance.now()
    if (!reused.ours) {
      await rm(join(dir, 'ours'), { recursive: true, force: true })
      await fillIndex(join(dir, 'ours', 'index.sqlite'), withTags(withLooks(entryBatches(ENTRIES))))
      await writeFile(join(dir, 'ours', FILLED_MARK), `${ENTRIES}\n`)
    }
    const fillS = (performance.now() - started) / 1000
    started = performance.now()
    if (!reused.baseline) {
      await rm(join(dir, 'baseline'), { recursive: true, force: true })
      await writeSummaryLibrary(join(dir, 'baseline'), entryBatches(BASELINE_ENTRIES, 500))
      await writeFile(join(dir, 'baseline', FILLED_MARK), `${BASELINE_ENTRIES}\n`)
    }
    const baselineFillS = (performance.now() - started) / 1000

    const ours = await inChildren('ours', join(dir, 'ours'))
    const base = await inChildren('baseline', join(dir, 'baseline'))
    const looks = await benchLooks(join(dir, 'ours'))
    const curation = await benchCuration(join(dir, 'ours'))
    const start = await inChildren('start', join(dir, 'ours'))
    if (ours.records !== ENTRIES) throw new Error(`the library opened ${ours.records} of ${ENTRIES} entries`)
    const indexMb = (await stat(join(dir, 'ours', 'index.sqlite'))).size / 2 ** 20
    return {
      'entries (index / baseline)': `${ENTRIES} / ${base.records}`,
      'fill s (index / baseline)': `${reused.ours ? 'reused' : r1(fillS)} / ${reused.baseline ? 'reused' : r1(baselineFillS)}`,
      'index file MB': r1(indexMb),
      'open ms (index / baseline), target < 1000': `${r1(ours.openMs)} / ${r1(base.openMs)}`,
      'open + first page of 60 ms': `${r1(ours.firstPageMs)} / ${r1(base.firstPageMs)}`,
      [`search p50 ms, page of ${PAGE} + count, target < 50`]: `${r1(ours.searchP50)} / ${r1(base.searchP50)}`,
      [`search p95 ms, page of ${PAGE} + count`]: `${r1(ours.searchP95)} / ${r1(base.searchP95)}`,
      'engine start until the first page ms, target ~1000': r1(start.startMs),
      'peak RSS MB, target < 300': `${r1(ours.rssMb)} / ${r1(base.rssMb)}`,
      ...looks,
      ...curation,
      baseline: `library-baseline (summary log + in-memory search): entries ${base.records}, open-ms ${Math.round(base.openMs ?? NaN)}, search-p50-ms ${r1(base.searchP50)}, rss-mb ${Math.round(base.rssMb ?? NaN)}`,
      summary: `library: entries ${ENTRIES}, open-ms ${Math.round(ours.openMs ?? NaN)}, start-ms ${Math.round(start.startMs ?? NaN)}, search-p50-ms ${r1(ours.searchP50)}, rss-mb ${Math.round(ours.rssMb ?? NaN)}`
    }
  } finally {
    if (!kept) await rm(dir, { recursive: true, force: true })
  }
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href
if (invokedDirectly && process.argv[2] === '--child') {
  const [kind, dir] = process.argv.slice(3)
  if (!dir) throw new Error('--child <ours|baseline> <dir>')
  console.log(JSON.stringify(kind === 'start' ? await startChild(dir) : await child(kind!, dir)))
} else if (invokedDirectly) {
  const { summary, ...figures } = await benchLibrary()
  console.table(figures)
  console.log(summary)
}
