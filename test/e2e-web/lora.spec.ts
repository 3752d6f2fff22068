// A LoRA trained from the gallery: fifteen images and a music track selected, the track
// refused with a reason, the images handed to the LoRA form, training watched step by step
// to READY on the timeline, then "Try it" at three strengths, confirmed at its total cost,
// fills a grid of three images.
import { test, expect } from './app-host'
import { invoke } from './host-api'

/** Whether an <img> has loaded a picture (e2e code has no DOM types). */
const loaded = (el: unknown) => {
  const img = el as { complete: boolean; naturalWidth: number }
  return img.complete && img.naturalWidth > 0
}

const IMAGES = 15

test('a creator trains a LoRA on gallery images, watches it train, and tries it at three strengths', async ({ page, app }) => {
  test.setTimeout(180_000)
  await page.goto(app.openUrl)
  // The track goes first, so it is the oldest tile: last in the newest-first grid.
  await invoke(app, 'jobs.submit', { request: { model: 'm1-1', prompt: 'calm piano', m1Params: { duration_seconds: 5 } } })
  for (let i = 0; i < IMAGES; i++) await invoke(app, 'jobs.submit', { request: { model: 'i1-1', prompt: `a paper fox, pose ${i + 1}` } })

  await page.getByTestId('nav-gallery').click()
  await expect(page.getByTestId('gallery-count')).toHaveText(`${IMAGES + 1} items`, { timeout: 120_000 })
  // An item is in the gallery as soon as its job completes; its files are saved after. The
  // LoRA takes saved images only, so the selection waits until every one is saved.
  await expect.poll(async () => (await invoke<{ total: number }>(app, 'library.list', { status: 'saved', limit: 1 })).total, { timeout: 60_000 }).toBe(IMAGES + 1)
  const tiles = page.getByTestId('gallery-item')
  await tiles.nth(0).getByTestId('tile-select').check()
  await tiles.nth(IMAGES).getByTestId('tile-select').click({ modifiers: ['Shift'] })
  await expect(page.getByTestId('selection-count')).toHaveText(`${IMAGES + 1} selected`)

  await page.getByTestId('bulk-train-lora').click()
  await expect(page.getByTestId('toast').filter({ hasText: '1 music track left out: a LoRA trains on images only' })).toBeVisible()
  await expect(page.getByTestId('lora-image-count')).toHaveText('15 / 15–30')
  const thumbs = page.getByTestId('lora-thumb')
  await expect(thumbs).toHaveCount(IMAGES)
  // Each preview loads from the library.
  await expect.poll(() => thumbs.first().locator('img').evaluate(loaded)).toBe(true)
  await page.screenshot({ path: test.info().outputPath('lora-form-from-gallery.png') })

  await page.getByTestId('lora-name').fill('Paper fox')
  await page.getByLabel('Trigger word').fill('zqx paper fox')
  await page.getByTestId('lora-create-submit').click()

  const row = page.getByTestId('lora-row').filter({ hasText: 'Paper fox' })
  await expect(row.getByTestId('lora-timeline')).toBeVisible()
  await expect(row).toHaveAttribute('data-status', 'READY', { timeout: 60_000 })
  const steps = row.getByTestId('lora-step')
  await expect(steps.first()).toHaveAttribute('data-status', 'PENDING')
  await expect(steps.last()).toHaveAttribute('data-status', 'READY')
  await expect(row.getByTestId('lora-total')).toHaveText(/^Trained in \d+ sec$/)
  // Sent: the form starts over, its gallery images too.
  await expect(page.getByTestId('lora-image-count')).toHaveText('0 / 15–30')
  await page.screenshot({ path: test.info().outputPath('lora-ready.png') })

  await row.getByTestId('lora-try').click()
  await expect(page.getByTestId('lora-try-prompt')).toHaveValue('zqx paper fox')
  await expect(page.getByTestId('lora-try-strengths')).toHaveValue('0.4, 0.8, 1.2')
  // One seed for every strength, shown, so only the strength differs between the images.
  const seed = await page.getByTestId('lora-try-seed').inputValue()
  expect(seed).toMatch(/^\d+$/)
  await page.getByTestId('lora-try-dialog').screenshot({ path: test.info().outputPath('lora-try-dialog.png') })
  await page.getByTestId('lora-try-review').click()
  await expect(page.getByRole('dialog')).toContainText(`seed ${seed}`)
  await expect(page.getByTestId('matrix-cost-row')).toHaveCount(3)
  await expect(page.getByTestId('matrix-total')).not.toHaveText('—')
  await page.screenshot({ path: test.info().outputPath('lora-try-confirm.png') })
  await page.getByTestId('matrix-confirm').click()

  const grid = page.getByTestId('matrix-grid')
  await expect(grid.getByTestId('matrix-col-label')).toHaveText([/\b0\.4$/, /\b0\.8$/, /\b1\.2$/])
  await expect(grid.getByTestId('matrix-output')).toHaveCount(3, { timeout: 60_000 })
  for (const img of await grid.getByTestId('matrix-output').all()) {
    await expect.poll(() => img.evaluate(loaded)).toBe(true)
  }
  await page.screenshot({ path: test.info().outputPath('lora-try-grid.png'), fullPage: true })
})
