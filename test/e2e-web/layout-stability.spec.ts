// Nothing jumps: a toast floats over the window without moving the view, selecting tiles
// leaves the grid where it was with its top row whole, and Create's results get as much
// width as the form on a wide window and go under the form on a narrow one.
import type { Locator } from '@playwright/test'
import { test, expect } from './app-host'
import { invoke } from './host-api'

async function box(locator: Locator) {
  const b = await locator.boundingBox()
  if (!b) throw new Error('not visible')
  return b
}

test('a toast appearing moves nothing on the page', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await page.getByTestId('model-select').selectOption('i1-1')
  await page.getByTestId('prompt-input').fill('a heron in the reeds')
  const view = page.locator('main#main')
  const form = page.getByTestId('create-form')
  await expect(page.getByTestId('toast')).toHaveCount(0)
  const before = { view: await box(view), form: await box(form) }
  await page.getByTestId('submit-job').click()
  await expect(page.getByTestId('toast').first()).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('toast.png') })
  expect({ view: await box(view), form: await box(form) }).toEqual(before)
  // It sits at the bottom left of the window, inside it: away from the results' column.
  const toast = await box(page.getByTestId('toast').first())
  const window = page.viewportSize()!
  expect(toast.x).toBeLessThan(window.width / 2)
  expect(toast.y + toast.height).toBeLessThanOrEqual(window.height)
  expect(toast.y).toBeGreaterThan(window.height / 2)
})

test('selecting tiles leaves the grid in place with its top row whole', async ({ page, app }) => {
  test.setTimeout(150_000)
  await page.setViewportSize({ width: 1280, height: 720 })
  await page.goto(app.openUrl)
  for (const prompt of ['a red kite', 'a blue door', 'a green lamp', 'a yellow boat', 'a grey cat']) {
    await invoke(app, 'jobs.submit', { request: { model: 'i1-1', prompt } })
  }
  await page.getByTestId('nav-gallery').click()
  await expect(page.getByTestId('gallery-count')).toHaveText('5 items', { timeout: 120_000 })
  const first = page.getByTestId('gallery-item').first()
  const before = await box(first)
  await first.getByTestId('tile-select').check()
  await expect(page.getByTestId('selection-bar')).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('selection.png') })
  expect(await box(first)).toEqual(before)
  // Whole inside the grid's visible area, and not under the bar.
  const grid = await box(page.getByTestId('gallery-grid'))
  const tile = await box(first)
  expect(tile.y).toBeGreaterThanOrEqual(grid.y)
  expect(tile.y + tile.height).toBeLessThanOrEqual(grid.y + grid.height)
  const bar = await box(page.getByTestId('selection-bar'))
  expect(bar.y).toBeGreaterThanOrEqual(tile.y + tile.height)
})

test('results get as much width as the form, or go under it in a narrow window', async ({ page, app }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto(app.openUrl)
  await page.getByTestId('model-select').selectOption('i1-1')
  await page.getByTestId('prompt-input').fill('a kite over the dunes')
  await page.getByTestId('submit-job').click()
  const results = page.getByTestId('results')
  const form = page.getByTestId('create-form')
  await expect(page.getByTestId('result-zoom').first()).toBeVisible({ timeout: 60_000 })
  await page.screenshot({ path: test.info().outputPath('results-wide.png') })
  const wide = { results: await box(results), form: await box(form) }
  expect(wide.results.width).toBeGreaterThanOrEqual(wide.form.width)
  expect(wide.results.x).toBeGreaterThan(wide.form.x + wide.form.width)

  await page.setViewportSize({ width: 1000, height: 800 })
  await expect.poll(async () => (await box(results)).y).toBeGreaterThanOrEqual((await box(form)).y + (await box(form)).height)
  await results.scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath('results-narrow.png') })
  const narrow = { results: await box(results), form: await box(form) }
  expect(narrow.results.width).toBeGreaterThanOrEqual(narrow.form.width - 1)
  // Generate stays above the form, where it does not move as the form's messages come and go.
  const submit = await box(page.getByTestId('submit-job'))
  expect(submit.y + submit.height).toBeLessThanOrEqual(narrow.form.y)
})
