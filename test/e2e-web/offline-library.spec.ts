// The library is the creator's own: with the service unreachable, every gallery action
// still works (browse, search, filter, sort, view, favourite, boards, export, compare,
// remove and undo, copy, remix, use as input), and the Queue still lists the jobs.
import type { Page } from '@playwright/test'
import { test, expect } from './app-host'
import { invoke } from './host-api'
import { LIVE_KEY, saveKey, setBaseUrl, startLiveService, type LiveService } from './live-service'

const PROMPTS = ['a lighthouse in a winter storm', 'a bowl of ramen under warm light', 'a fox asleep in autumn leaves']

let live: LiveService | null = null
test.afterEach(async () => {
  await live?.close()
  live = null
})

/** The number of jobs the Queue lists. */
async function queueRows(page: Page): Promise<number> {
  await page.getByTestId('nav-queue').click()
  await expect(page.getByTestId('job-row').first()).toBeVisible()
  return page.getByTestId('job-row').count()
}

test('every library action works while the service cannot be reached', async ({ page, app }) => {
  test.setTimeout(180_000)
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  live = await startLiveService()
  await page.goto(app.openUrl)
  await setBaseUrl(page, live.sim.url)
  await saveKey(page, LIVE_KEY)
  await expect(page.getByTestId('key-status')).toContainText('Connected')
  for (const prompt of PROMPTS) await invoke(app, 'jobs.submit', { request: { model: 'i1-1', prompt } })
  await invoke(app, 'jobs.submit', { request: { model: 'm1-1', prompt: 'a calm piano loop for studying', m1Params: { duration_seconds: 10 } } })

  await page.getByTestId('nav-gallery').click()
  const count = page.getByTestId('gallery-count')
  await expect(count).toHaveText(/^4 items/, { timeout: 120_000 })
  await expect(page.locator('[data-testid="tile-status"]')).toHaveCount(0, { timeout: 60_000 })

  // The service goes away.
  await live.close()
  live = null
  const jobsBefore = await queueRows(page)
  expect(jobsBefore).toBe(4)

  await page.getByTestId('nav-gallery').click()
  const tiles = page.getByTestId('gallery-item')
  const tile = (words: string) => tiles.filter({ has: page.getByRole('button', { name: new RegExp(words) }) })
  await expect(tiles).toHaveCount(4)

  // Search, filter and sort.
  await page.getByTestId('gallery-search').fill('ramen')
  await expect(count).toHaveText(/^1 item matching “ramen”/)
  await page.getByTestId('gallery-search').press('Escape')
  await expect(count).toHaveText(/^4 items$/)
  await page.getByTestId('gallery-filter-music').click()
  await expect(count).toHaveText(/^1 item$/)
  await page.getByTestId('gallery-filter-all').click()
  await expect(count).toHaveText(/^4 items$/)
  const order = () => tiles.evaluateAll((els) => els.map((e) => e.getAttribute('data-job-id')))
  const newest = await order()
  await page.getByTestId('filter-sort').selectOption('oldest')
  await expect.poll(order).toEqual([...newest].reverse())
  await page.getByTestId('filter-sort').selectOption('newest')
  await expect.poll(order).toEqual(newest)

  // Favourite from a tile.
  await tile('fox').hover()
  await tile('fox').getByTestId('tile-favorite').click()
  await expect(tile('fox').getByTestId('tile-favorite')).toHaveAttribute('aria-pressed', 'true')

  // A board made from a selection, then renamed; its filter shows its items.
  await tile('lighthouse').getByTestId('tile-select').check()
  await tile('ramen').getByTestId('tile-select').check()
  await page.getByTestId('bulk-board').selectOption({ label: 'New board…' })
  await page.getByTestId('board-name').fill('Moody')
  await page.getByTestId('board-name-save').click()
  await page.getByTestId('filter-board').selectOption({ label: 'Moody (2)' })
  await expect(count).toHaveText(/^2 items$/)
  await page.getByTestId('board-menu').click()
  await page.getByTestId('board-rename').click()
  await page.getByTestId('board-name').fill('Moody light')
  await page.getByTestId('board-name-save').click()
  await expect(page.getByTestId('filter-board').locator('option:checked')).toHaveText('Moody light (2)')
  await page.getByTestId('filter-board').selectOption({ label: 'All boards' })
  await expect(count).toHaveText(/^4 items$/)

  // Compare two, and export them.
  await tile('lighthouse').getByTestId('tile-select').check()
  await tile('ramen').getByTestId('tile-select').check()
  await page.getByTestId('bulk-compare').click()
  await expect(page.getByTestId('compare-item')).toHaveCount(2)
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('compare-item')).toHaveCount(0)
  const exported = page.waitForEvent('download')
  await page.getByTestId('bulk-export').click()
  expect((await exported).suggestedFilename()).toMatch(/\.(png|jpe?g|webp)$/)
  await page.getByTestId('selection-clear').click()

  // The viewer: prev/next, favourite, export, copy the prompt.
  await tile('ramen').getByRole('button', { name: /^Open/ }).click()
  const detail = page.getByTestId('gallery-detail')
  await expect(detail.getByTestId('detail-prompt')).toHaveText(PROMPTS[1]!)
  await expect(detail.getByTestId('gallery-media')).toBeVisible()
  const at = Number((await detail.getByTestId('detail-position').textContent())!.split(' of ')[0])
  const step = at < 4 ? 'ArrowRight' : 'ArrowLeft'
  await page.keyboard.press(step)
  await expect(detail.getByTestId('detail-position')).toHaveText(`${step === 'ArrowRight' ? at + 1 : at - 1} of 4`)
  await expect(detail.getByTestId('detail-prompt')).not.toHaveText(PROMPTS[1]!)
  await detail.getByTestId(step === 'ArrowRight' ? 'detail-prev' : 'detail-next').click()
  await expect(detail.getByTestId('detail-prompt')).toHaveText(PROMPTS[1]!)
  await detail.getByTestId('detail-favorite').click()
  await expect(detail.getByTestId('detail-favorite')).toHaveAttribute('aria-pressed', 'true')
  const single = page.waitForEvent('download')
  await detail.getByTestId('export-file').click()
  expect((await single).suggestedFilename()).toMatch(/\.(png|jpe?g|webp)$/)
  await detail.getByTestId('copy-prompt').click()
  // Read in the page (this file is type-checked for Node, so the clipboard is reached through globalThis).
  await expect.poll(() => page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText())).toBe(PROMPTS[1])

  // Remove with undo.
  await detail.getByTestId('remove-entry').click()
  await detail.getByTestId('confirm-remove').click()
  await expect(count).toHaveText(/^3 items$/)
  await page.getByTestId('toast').filter({ hasText: /Removed/ }).getByTestId('toast-action').click()
  await expect(count).toHaveText(/^4 items$/)

  // Remix: Create fills with the prompt and sends nothing.
  await tile('fox').getByRole('button', { name: /^Open/ }).click()
  await detail.getByTestId('remix').click()
  await expect(page.getByTestId('nav-create')).toHaveAttribute('aria-current', 'page')
  await expect(page.getByTestId('prompt-input')).toHaveValue(PROMPTS[2]!)

  // Use as input: Create takes the output as its input, to send once the service is back.
  await page.getByTestId('nav-gallery').click()
  await tile('lighthouse').getByRole('button', { name: /^Open/ }).click()
  await detail.getByTestId('use-as-input').click()
  await expect(page.getByTestId('nav-create')).toHaveAttribute('aria-current', 'page')
  await expect(page.getByTestId('prompt-input')).toHaveValue(PROMPTS[0]!)
  await expect(page.getByTestId('input-note').first()).toBeVisible()
  await expect(page.getByTestId('toast').filter({ hasText: /Could not/ })).toHaveCount(0)
  await page.screenshot({ path: test.info().outputPath('offline-use-as-input.png') })

  // Nothing was sent by any of it, and the Queue still lists every job.
  expect(await queueRows(page)).toBe(jobsBefore)
})
