// Drives the in-page probe (bench/page/gallery-probe.ts) from Node. The probe is compiled
// here and injected before the page's own scripts; calls go through `window.__probe` as
// expressions, since the Node side has no DOM types.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import ts from 'typescript'

export interface ScrollFigures {
  p95: number
  max: number
  frames: number
  /** Frames that missed their display refresh (took half as long again as the usual one). */
  dropped: number
  maxNodes: number
}

export interface FirstGrid {
  /** From the press on the Gallery button, as the page received it, to the painted grid. */
  fromPress: number
  /** From just before the driver's click, whose checks wait on animation frames of their own. */
  fromCall: number
}

/**
 * Cross-origin isolation, which the page's clock needs to read to 5 µs rather than 100 µs
 * (with jitter): frames at 60 Hz are 16.667 ms apart, which the coarse clock reads as 16.6,
 * 16.7 or 16.8 at random, so its 95th percentile says 16.8 with no frame late at all.
 */
const ISOLATED = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' }

/** Serves the page at `pageUrl` with the isolation headers added (its images and API are same-origin). */
export async function isolate(page: Page, pageUrl: string): Promise<void> {
  const path = new URL(pageUrl).pathname
  await page.route(
    (url) => url.href.startsWith(new URL(pageUrl).origin) && url.pathname === path,
    async (route) => {
      const response = await route.fetch()
      await route.fulfill({ response, headers: { ...response.headers(), ...ISOLATED } })
    }
  )
}

/** Throws unless the page's clock is the precise one. */
export async function assertIsolated(page: Page): Promise<void> {
  if (!(await page.evaluate('crossOriginIsolated'))) throw new Error('the page is not cross-origin isolated: its clock reads only to 100 µs')
}

let compiled: string | null = null
async function probeScript(): Promise<string> {
  if (!compiled) {
    const source = await readFile(join(import.meta.dirname, 'page', 'gallery-probe.ts'), 'utf8')
    compiled = ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText
  }
  return compiled
}

export async function installProbe(page: Page): Promise<void> {
  await page.addInitScript({ content: await probeScript() })
}

const probe = <T>(page: Page, call: string): Promise<T> => page.evaluate(`window.__probe.${call}`) as Promise<T>
const args = (...values: unknown[]) => values.map((v) => JSON.stringify(v)).join(', ')

/** Milliseconds from the click `action` makes to the first frame after a tile's thumbnail has decoded. */
export async function firstGridMs(page: Page, action: () => Promise<unknown>): Promise<FirstGrid> {
  await probe(page, 'watchFirstGrid()')
  await action()
  return probe<FirstGrid>(page, 'firstGrid()')
}

export const scrollRun = (page: Page, selector: string, ms: number) => probe<ScrollFigures>(page, `scrollRun(${args(selector, ms)})`)

/** Used JS heap in MB after a forced garbage collection. */
export async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = await cdp.send('Runtime.getHeapUsage')
  await cdp.detach()
  return usedSize / 1024 / 1024
}

/**
 * Scrolls the grid to its end and waits for the tile of the oldest entry (at a million
 * entries the grid is taller than Chromium lays out, so this checks the scaled scroll).
 */
export async function reachesOldest(page: Page, total: number): Promise<void> {
  await page.getByTestId('gallery-grid').evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
  await page.locator(`[data-testid="gallery-item"][data-index="${total - 1}"]`).waitFor({ timeout: 60_000 })
  await page.getByTestId('gallery-grid').evaluate((el) => el.scrollTo({ top: 0 }))
}

/** A filter, another, a model and a prompt search, each timed from the previous one's answer. */
export async function filterTimes(page: Page): Promise<Record<string, number>> {
  const time = (change: string) => probe<number>(page, `untilCountChanges(${args(change)})`)
  const favourites = await time('click:filter-favorite')
  await time('click:filter-favorite')
  const videos = await time('click:gallery-filter-video')
  await time('click:gallery-filter-all')
  const model = await time('select:filter-model:i3-1')
  await time('select:filter-model:')
  const search = await time('search:gallery-search:dragon night')
  return { favourites, videos, model, search }
}

export interface BaselineFigures {
  firstGrid: number
  scroll: ScrollFigures
  heap: number
  filter: number
}

/** The naive gallery of the first `count` entries, in a page of the host's origin that is not the app. */
export async function baselinePage(page: Page, openUrl: string, count: number, scrollMs: number): Promise<BaselineFigures> {
  const url = new URL(openUrl)
  const token = url.hash.replace('#token=', '')
  await installProbe(page)
  // An empty page at the host's origin, so the same API and images and none of the app's code.
  const blank = `${url.origin}/baseline-not-the-app`
  await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', headers: ISOLATED, body: '<!doctype html><html><head></head><body></body></html>' }))
  await page.goto(blank)
  await assertIsolated(page)
  const firstGrid = await probe<number>(page, `baseline(${args(token, count)})`)
  const scroll = await scrollRun(page, '[data-testid="baseline-grid"]', scrollMs)
  const heap = await heapMb(page)
  const filter = await probe<number>(page, `baselineSearch(${args(token, ['dragon', 'night'])})`)
  return { firstGrid, scroll, heap, filter }
}
