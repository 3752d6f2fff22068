// Matrix runs on Create: one prompt across several models × seeds, or across the values of
// one parameter, priced in full and confirmed before anything is sent; the grid fills in
// as the jobs finish, comes back after a reload, and two cells compare side by side with
// their zoom and pan moving together.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { test, expect } from './app-host'
import { releaseHeldJobs } from './demo-service'

async function openMatrix(page: Page, openUrl: string, model: string, prompt: string) {
  await page.setViewportSize({ width: 1400, height: 1000 })
  await page.goto(openUrl)
  await page.getByTestId('nav-create').click()
  await page.getByTestId('model-select').selectOption(model)
  await page.getByTestId('prompt-input').fill(prompt)
  // The switch's box is drawn by its label; a user clicks that.
  await page.getByText('Matrix: several models or parameter values × seeds').click()
  await expect(page.getByRole('switch', { name: /Matrix/ })).toBeChecked()
  await expect(page.getByTestId('matrix-panel')).toBeVisible()
}

/** "46 credits" → 46 */
const creditsOf = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''))

/** The demo service's remembered Idempotency-Keys: key scope → the job it created. */
async function idempotencyEntries(dataDir: string): Promise<{ scope: string; jobId: string }[]> {
  try {
    const state = JSON.parse(await readFile(join(dataDir, 'demo', 'service', 'state.json'), 'utf8')) as { idempotency: { scope: string; jobId: string }[] }
    return state.idempotency
  } catch {
    return []
  }
}

test('3 models × 2 seeds: confirmed total, a grid of 6 pictures, each its own key, and a synced compare', async ({ page, app }) => {
  test.setTimeout(240_000)
  await openMatrix(page, app.openUrl, 'i3-1', 'a lighthouse on a cliff at dawn')

  // The current model is chosen already; two more, one found by searching.
  await expect(page.locator('[data-testid="matrix-model"][data-model="i3-1"]')).toBeChecked()
  await page.locator('[data-testid="matrix-model"][data-model="i4-1"]').check()
  await page.getByTestId('matrix-model-search').fill('I12')
  await expect(page.locator('[data-testid="matrix-model"][data-model="i6-1"]')).toHaveCount(0)
  await page.locator('[data-testid="matrix-model"][data-model="i12-1"]').check()
  await page.getByTestId('matrix-fixed-seeds').check()
  await page.screenshot({ path: test.info().outputPath('matrix-panel.png') })
  await page.getByTestId('matrix-start-seed').fill('7')
  await page.getByTestId('matrix-review').click()

  const dialog = page.getByTestId('matrix-confirm-dialog')
  await expect(dialog).toBeVisible()
  const rows = dialog.getByTestId('matrix-cost-row')
  await expect(rows).toHaveCount(6)
  await expect(dialog.getByTestId('matrix-total')).toHaveText(/\d/)
  // I3 costs 8, I4 10 and I12 5, flat, for each of the two seeds.
  const perCell = await rows.locator('td').allTextContents()
  expect(perCell.map(creditsOf)).toEqual([8, 8, 10, 10, 5, 5])
  expect(creditsOf(await dialog.getByTestId('matrix-total').textContent())).toBe(46)
  await expect(dialog.getByTestId('matrix-balance')).toHaveText(/\d/)
  await page.screenshot({ path: test.info().outputPath('matrix-confirm.png') })
  // Nothing is sent before the confirmation.
  expect(await idempotencyEntries(app.dataDir)).toHaveLength(0)
  await dialog.getByTestId('matrix-confirm').click()
  await expect(dialog).toBeHidden()

  const run = page.getByTestId('matrix-run')
  await expect(run.getByTestId('matrix-row-label')).toHaveText(['I3 · 1', 'I4 · 1', 'I12 · 1'])
  await expect(run.getByTestId('matrix-col-label')).toHaveText(['Seed 7', 'Seed 8'])
  const outputs = run.locator('img[data-testid="matrix-output"]')
  await expect(outputs).toHaveCount(6, { timeout: 120_000 })
  for (const img of await outputs.all()) {
    await expect.poll(() => img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth), { timeout: 30_000 }).toBeGreaterThan(0)
  }
  await page.screenshot({ path: test.info().outputPath('matrix-grid.png'), fullPage: true })

  // Six jobs, six distinct Idempotency-Keys, each key the one that created its job.
  const jobIds = await run.getByTestId('matrix-cell').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-job-id')))
  expect(new Set(jobIds).size).toBe(6)
  await expect.poll(async () => (await idempotencyEntries(app.dataDir)).filter((e) => jobIds.includes(e.jobId)).length).toBe(6)
  const keys = (await idempotencyEntries(app.dataDir)).filter((e) => jobIds.includes(e.jobId)).map((e) => e.scope)
  expect(new Set(keys).size).toBe(6)

  // The grid comes back after a reload.
  await page.reload()
  await page.getByTestId('nav-create').click()
  await expect(page.getByTestId('matrix-run').locator('img[data-testid="matrix-output"]')).toHaveCount(6, { timeout: 30_000 })

  // Two cells side by side; zooming one pane moves the other identically.
  const picks = page.getByTestId('matrix-run').getByTestId('matrix-pick')
  // Compare takes at most four: a fifth cell cannot be picked.
  for (const i of [0, 1, 2, 3]) await picks.nth(i).check()
  await expect(picks.nth(4)).toBeDisabled()
  await picks.nth(1).uncheck()
  await picks.nth(2).uncheck()
  await expect(picks.nth(4)).toBeEnabled()
  await expect(page.getByTestId('matrix-picked')).toHaveText('2 picked')
  await page.getByTestId('matrix-compare').click()
  const compare = page.getByTestId('compare-dialog')
  await expect(compare.getByTestId('compare-item')).toHaveCount(2)
  const panes = compare.locator('img[data-testid="gallery-media"]')
  await expect(panes).toHaveCount(2)
  const transforms = () => panes.evaluateAll((imgs) => imgs.map((i) => (i as unknown as { style: { transform: string } }).style.transform))
  const before = await transforms()
  await panes.nth(0).hover()
  await page.mouse.wheel(0, -200)
  await expect.poll(async () => (await transforms())[0]).not.toBe(before[0])
  const [first, second] = await transforms()
  expect(first).toMatch(/scale\(1\.\d+\)/)
  expect(second).toBe(first)
  // Panned by dragging the second pane: the first follows.
  const box = (await panes.nth(1).boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 25, { steps: 4 })
  await page.mouse.up()
  const [afterPanA, afterPanB] = await transforms()
  expect(afterPanA).toMatch(/translate\([1-9]/)
  expect(afterPanA).toBe(afterPanB)
  await page.screenshot({ path: test.info().outputPath('matrix-compare.png') })

  // Without sync, only the pane zoomed moves; Reset puts both back.
  await compare.getByText('Zoom and pan together').click()
  await expect(compare.getByRole('switch', { name: 'Zoom and pan together' })).not.toBeChecked()
  await compare.getByRole('button', { name: 'Zoom in' }).first().click()
  const [unsyncedA, unsyncedB] = await transforms()
  expect(unsyncedA).not.toBe(unsyncedB)
  await compare.getByTestId('compare-reset').click()
  expect(await transforms()).toEqual([before[0], before[0]])
})

test('a sweep of one numeric parameter fills a 3 × 1 grid, each cell showing progress until its picture comes', async ({ page, app }) => {
  test.setTimeout(180_000)
  // `#hold` keeps the demo service's jobs running until they are released.
  await openMatrix(page, app.openUrl, 'i4-1', 'a paper boat on a pond #hold')
  await page.getByRole('radio', { name: 'One parameter × seeds' }).click()
  await page.getByTestId('matrix-sweep-field').selectOption('guidance_scale')
  await page.getByTestId('matrix-sweep-values').fill('2, 5, 12')
  await page.getByTestId('matrix-seed-count').fill('1')
  await page.getByTestId('matrix-review').click()
  // A value beyond the parameter's bounds is named before anything is priced.
  await expect(page.getByTestId('matrix-problem')).toHaveText('Guidance scale: 12 is above the most, 10')

  await page.getByTestId('matrix-sweep-values').fill('2, 5, 8')
  await page.getByTestId('matrix-panel').screenshot({ path: test.info().outputPath('matrix-sweep-panel.png') })
  await page.getByTestId('matrix-review').click()
  const dialog = page.getByTestId('matrix-confirm-dialog')
  await expect(dialog.getByTestId('matrix-cost-row')).toHaveCount(3)
  expect(creditsOf(await dialog.getByTestId('matrix-total').textContent())).toBe(30)
  await dialog.getByTestId('matrix-confirm').click()

  const run = page.getByTestId('matrix-run')
  await expect(run.getByTestId('matrix-row-label')).toHaveText(['2', '5', '8'])
  await expect(run.getByTestId('matrix-col-label')).toHaveCount(1)
  const cells = run.getByTestId('matrix-cell')
  for (const cell of await cells.all()) {
    await expect(cell).toHaveAttribute('data-state', 'processing', { timeout: 60_000 })
    await expect(cell.getByRole('progressbar')).toBeVisible()
    await expect(cell.getByTestId('matrix-cell-percent')).toHaveText(/^\d{1,2}%$/)
  }
  await expect(run.locator('img[data-testid="matrix-output"]')).toHaveCount(0)
  await run.screenshot({ path: test.info().outputPath('matrix-sweep-running.png') })
  expect(await releaseHeldJobs(app)).toBe(3)
  await expect(run.locator('img[data-testid="matrix-output"]')).toHaveCount(3, { timeout: 120_000 })
  await run.screenshot({ path: test.info().outputPath('matrix-sweep-grid.png') })
})
