// At 1024 px wide (a small laptop, or a window beside another) nothing pushes the page
// sideways: a matrix's grid scrolls inside its own box, and every row of the Queue keeps
// its credits in view.
import type { Page } from '@playwright/test'
import { test, expect } from './app-host'
import { invoke } from './host-api'

test.use({ viewport: { width: 1024, height: 640 } })

/** How far the page reaches past the window's right edge, in pixels (0: it fits). */
const pageOverflow = (page: Page) => page.evaluate(() => {
  const d = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document
  return d.documentElement.scrollWidth - d.documentElement.clientWidth
})

/** How far any part of the view reaches past the window's right edge. */
const viewOverflow = (page: Page) => page.evaluate(() => {
  const g = globalThis as unknown as { innerWidth: number; document: { querySelector(s: string): { scrollWidth: number; clientWidth: number } | null } }
  const main = g.document.querySelector('main')
  return main ? main.scrollWidth - main.clientWidth : 0
})

test('a matrix of 4 models × 3 seeds fits at 1024 px: its grid scrolls in its own box', async ({ page, app }) => {
  test.setTimeout(240_000)
  await page.goto(app.openUrl)
  await page.getByTestId('nav-create').click()
  await page.getByTestId('model-select').selectOption('i3-1')
  await page.getByTestId('prompt-input').fill('a lighthouse on a cliff at dawn')
  await page.getByText('Matrix: several models or parameter values × seeds').click()
  for (const model of ['i4-1', 'i12-1', 'i1-1']) await page.locator(`[data-testid="matrix-model"][data-model="${model}"]`).check()
  await page.getByTestId('matrix-fixed-seeds').check()
  await page.getByTestId('matrix-start-seed').fill('7')
  await expect.poll(() => pageOverflow(page)).toBe(0)
  await page.getByTestId('matrix-review').click()
  const dialog = page.getByTestId('matrix-confirm-dialog')
  await expect(dialog).toBeVisible()
  expect(await dialog.evaluate((d) => d.scrollWidth - d.clientWidth)).toBe(0)
  await page.screenshot({ path: test.info().outputPath('matrix-confirm-1024.png') })
  await page.getByTestId('matrix-confirm').click()
  const run = page.getByTestId('matrix-run')
  await expect(run.locator('img[data-testid="matrix-output"]').first()).toBeVisible({ timeout: 120_000 })
  await run.scrollIntoViewIfNeeded()
  expect(await pageOverflow(page)).toBe(0)
  expect(await viewOverflow(page)).toBe(0)
  await page.screenshot({ path: test.info().outputPath('matrix-1024.png') })
  await page.setViewportSize({ width: 1440, height: 900 })
  await run.scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath('matrix-1440.png') })
})

test('every Queue row keeps its credits in view at 1024 px', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await invoke(app, 'jobs.submit', { request: { model: 'i1-1', prompt: 'a red kite over the harbour, long prompt that goes on and on describing every detail of the scene at length' } })
  await invoke(app, 'jobs.submit', { request: { model: 'v2-1', prompt: 'a slow pan across a misty valley #hold' } })
  await invoke(app, 'jobs.submit', { request: { model: 'i1-1', prompt: 'a storm that will not render #fail' } })
  await page.getByTestId('nav-queue').click()
  const rows = page.getByTestId('job-row')
  await expect(rows).toHaveCount(3)
  await expect(page.locator('[data-testid="job-row"][data-status="FAILED"]')).toHaveCount(1)
  for (const size of [{ width: 1024, height: 640 }, { width: 1440, height: 900 }]) {
    await page.setViewportSize(size)
    for (const row of await rows.all()) {
      const cost = row.locator('.job-cost')
      await expect(cost).toBeVisible()
      await expect(cost).toHaveText(/credit|—/)
      const box = (await cost.boundingBox())!
      expect(box.width).toBeGreaterThan(20)
      expect(box.x + box.width).toBeLessThanOrEqual(size.width)
    }
    expect(await pageOverflow(page)).toBe(0)
    expect(await viewOverflow(page)).toBe(0)
    await page.screenshot({ path: test.info().outputPath(`queue-${size.width}.png`) })
  }
})
