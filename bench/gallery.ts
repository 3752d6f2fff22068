// Gallery benchmark: a library of 100,000 entries opened in headless Chromium through the
// Node host, measured against a baseline taken in the same run and the same browser: a naive
// render of the first 2,000 entries as plain tiles, all in the DOM at once.
//
// Figures: first grid paint, from the press on Gallery's button to the frame after a
// thumbnail has decoded; frame times and dropped frames while a wheel scrolls 40 px of rows a
// frame (a requestAnimationFrame sampler); the most DOM nodes seen at any scroll position;
// the JS heap after a forced collection (Chrome DevTools Protocol); and how long a filter or
// a search takes to show. Both pages are cross-origin isolated, so their clocks read to 5 µs.
// Two starts of the host are measured, each with its own baseline: the first after the
// library was built and a second one, since the check of the library at start runs behind
// the open app at every start. Each prints the machine's load average (the figures of a
// busy machine are not those of a quiet one) and the host's CPU time until its measurement
// ended.
//
//   npm run bench -- gallery        (BENCH_GALLERY_ENTRIES=5000 for a quick check)
//
// BENCH_GALLERY_DATA_DIR keeps the data folder there and reuses a library already built
// in it (building a million entries takes minutes), instead of a new temporary one.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { chromium, type Browser, type Page } from '@playwright/test'
import { buildGalleryLibrary } from './gallery-library'
import { assertIsolated, baselinePage, filterTimes, firstGridMs, heapMb, installProbe, isolate, reachesOldest, scrollRun } from './gallery-measure'

const ENTRIES = Number(process.env.BENCH_GALLERY_ENTRIES ?? 100_000)
const BASELINE_ENTRIES = Math.min(2_000, ENTRIES)
const SCROLL_MS = 6_000
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']

async function startHost(dataDir: string): Promise<{ child: ChildProcess; openUrl: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/cli/index.ts', 'serve', '--port', '0', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const openUrl = await new Promise<string>((resolve, reject) => {
    // The check of the job folders at start runs behind the started host; the index opens in
    // well under a second, but a loaded machine gets a generous wait.
    const timer = setTimeout(() => reject(new Error(`host did not start:\n${output}`)), 120_000 + ENTRIES / 5)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const m = /open (http:\/\/127\.0\.0\.1:\d+\/#token=\S+)/.exec(output)
      if (m) {
        clearTimeout(timer)
        resolve(m[1]!)
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()))
    child.once('exit', (code) => reject(new Error(`host exited (${code}):\n${output}`)))
  })
  return { child, openUrl }
}

async function measureApp(page: Page, openUrl: string) {
  await installProbe(page)
  await isolate(page, openUrl)
  await page.goto(openUrl)
  await assertIsolated(page)
  await page.getByTestId('nav-gallery').waitFor()
  // From the click to a painted grid, whether or not the app's first library page has
  // arrived by then (if not, its wait is counted too).
  const firstGrid = await firstGridMs(page, () => page.getByTestId('nav-gallery').click())
  const count = await page.getByTestId('gallery-count').textContent()
  const scroll = await scrollRun(page, '[data-testid="gallery-grid"]', SCROLL_MS)
  const heap = await heapMb(page)
  await reachesOldest(page, ENTRIES)
  const filter = await filterTimes(page)
  return { firstGrid, count, scroll, heap, filter }
}

/** Scrolling the same library in the justified layout (rows that keep each picture's aspect ratio). */
async function measureJustified(page: Page, openUrl: string) {
  await installProbe(page)
  await isolate(page, openUrl)
  await page.goto(openUrl)
  await page.getByTestId('nav-gallery').click()
  await page.getByTestId('gallery-item').first().waitFor()
  await page.getByTestId('layout-justified').click()
  await page.locator('[data-layout="justified"]').waitFor()
  return scrollRun(page, '[data-testid="gallery-grid"]', SCROLL_MS)
}

type AppFigures = Awaited<ReturnType<typeof measureApp>>
type BaseFigures = Awaited<ReturnType<typeof baselinePage>>

/** One start of the host over the library: the app measured, then the baseline, in the same host. */
interface StartFigures {
  label: string
  hostOpenS: number
  ours: AppFigures
  /** Scrolling the same library in the justified layout. */
  justified: Awaited<ReturnType<typeof measureJustified>>
  base: BaseFigures
  /** The machine's load average (1 minute) as the start began, and as its measurement ended. */
  load: [number, number]
  /** CPU seconds the host used from its start to the end of the measurement (the check at start is most of it). */
  hostCpuS: number | null
}

/** CPU seconds a process has used so far (Linux), or null where that cannot be read. */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return null
  }
}

async function stopHost(host: ChildProcess): Promise<void> {
  if (host.exitCode !== null) return
  const exited = new Promise((r) => host.once('exit', r))
  host.kill('SIGTERM')
  await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))])
}

/** Starts the host, measures the app and the baseline, and stops it. */
async function measureStart(browser: Browser, dataDir: string, label: string): Promise<StartFigures> {
  const loadBefore = loadavg()[0]!
  const started = performance.now()
  const { child, openUrl } = await startHost(dataDir)
  try {
    const hostOpenS = (performance.now() - started) / 1000
    const viewport = { width: 1440, height: 900 }
    const ours = await measureApp(await (await browser.newContext({ viewport })).newPage(), openUrl)
    if (!ours.count?.startsWith(ENTRIES.toLocaleString())) throw new Error(`the gallery shows “${ours.count}”, not ${ENTRIES} entries`)
    const justified = await measureJustified(await (await browser.newContext({ viewport })).newPage(), openUrl)
    const base = await baselinePage(await (await browser.newContext({ viewport })).newPage(), openUrl, BASELINE_ENTRIES, SCROLL_MS)
    return { label, hostOpenS, ours, justified, base, load: [loadBefore, loadavg()[0]!], hostCpuS: cpuSeconds(child.pid) }
  } finally {
    await stopHost(child)
  }
}

const r1 = (v: number) => Math.round(v * 10) / 10
// Frame times to the hundredth: a frame at 60 Hz is 16.67 ms, and one decimal cannot
// tell it from 16.7.
const r2 = (v: number) => v.toFixed(2)
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`

/** The figures of one start, each row named for it. */
function startRows({ label, hostOpenS, ours, justified, base, load, hostCpuS }: StartFigures): Record<string, string | number> {
  const rows: Record<string, string | number> = {
    'host open (s) / load average at start, at end / host CPU s until the end': `${r1(hostOpenS)} / ${load.map((l) => l.toFixed(2)).join(', ')} / ${hostCpuS === null ? '?' : r1(hostCpuS)}`,
    'first grid paint ms from the press (ours / baseline)': `${Math.round(ours.firstGrid.fromPress)} / ${Math.round(base.firstGrid)}`,
    'first grid paint ms with the driver’s click checks': Math.round(ours.firstGrid.fromCall),
    'scroll frame p95 ms (ours / baseline = ratio)': `${r2(ours.scroll.p95)} / ${r2(base.scroll.p95)} = ${ratio(ours.scroll.p95, base.scroll.p95)}`,
    'scroll frame max ms (ours / baseline)': `${r2(ours.scroll.max)} / ${r2(base.scroll.max)}`,
    'frames sampled / dropped (ours; baseline)': `${ours.scroll.frames} / ${ours.scroll.dropped}; ${base.scroll.frames} / ${base.scroll.dropped}`,
    'justified layout: scroll frame p95 ms / frames dropped / max DOM nodes': `${r2(justified.p95)} / ${justified.dropped} of ${justified.frames} / ${justified.maxNodes}`,
    'max DOM nodes (ours / baseline)': `${ours.scroll.maxNodes} / ${base.scroll.maxNodes} (${r1(base.scroll.maxNodes / ours.scroll.maxNodes)}x fewer)`,
    'JS heap MB (ours / baseline)': `${r1(ours.heap)} / ${r1(base.heap)}`,
    'filter ms: favourites / videos / model / search': Object.values(ours.filter).map((v) => Math.round(v)).join(' / '),
    'baseline filter ms (search in its 2,000 loaded entries)': Math.round(base.filter)
  }
  return Object.fromEntries(Object.entries(rows).map(([k, v]) => [`${label}: ${k}`, v]))
}

function summaryOf({ label, ours, base }: StartFigures): string {
  return (
    `${label}: first-grid-ms ${Math.round(ours.firstGrid.fromPress)}, scroll-p95-ms ${r2(ours.scroll.p95)} (baseline ${r2(base.scroll.p95)}), ` +
    `dropped ${ours.scroll.dropped}/${ours.scroll.frames} (baseline ${base.scroll.dropped}/${base.scroll.frames}), dom-nodes ${ours.scroll.maxNodes}, ` +
    `heap-mb ${r1(ours.heap)}, filter-ms ${Math.round(Math.max(...Object.values(ours.filter)))}`
  )
}

/**
 * The first start after the library was built (or, with a kept library, the first of this
 * run) and a second start, each measured against the baseline in its own host: the check
 * of the library at start runs at every start, behind the open app.
 */
export async function benchGallery(): Promise<Record<string, number | string>> {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`)
  // The host serves the built page; build it so the figures are for this checkout.
  await promisify(execFile)('npx', ['electron-vite', 'build'], { maxBuffer: 64 * 1024 * 1024 })
  const kept = process.env.BENCH_GALLERY_DATA_DIR
  const dataDir = kept ?? (await mkdtemp(join(tmpdir(), 'bench-gallery-')))
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS })
  try {
    const started = performance.now()
    const reused = kept !== undefined && existsSync(join(dataDir, 'demo', 'library', 'index.sqlite'))
    if (!reused) await buildGalleryLibrary(dataDir, ENTRIES)
    const buildS = (performance.now() - started) / 1000
    const first = await measureStart(browser, dataDir, reused ? 'start 1 (library reused)' : 'start 1 (just built)')
    const second = await measureStart(browser, dataDir, 'start 2')
    return {
      'library entries (ours / baseline)': `${ENTRIES.toLocaleString()} / ${BASELINE_ENTRIES.toLocaleString()}`,
      'library build (s)': reused ? 'reused' : r1(buildS),
      ...startRows(first),
      ...startRows(second),
      summary: `gallery: entries ${ENTRIES}\n  ${summaryOf(first)}\n  ${summaryOf(second)}`
    }
  } finally {
    await browser.close()
    if (!kept) await rm(dataDir, { recursive: true, force: true })
  }
}
