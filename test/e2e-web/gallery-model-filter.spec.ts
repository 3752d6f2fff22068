// The gallery's model filter offers the models the library holds, not the whole catalog:
// after two images of I1 and a track of M1, it lists those two, and a third model joins it
// once its output is saved.
import { test, expect } from './app-host'
import { invoke } from './host-api'

test('the model filter lists only the models the library holds', async ({ page, app }) => {
  test.setTimeout(180_000)
  await page.goto(app.openUrl)
  await invoke(app, 'jobs.submit', { request: { model: 'i1-1', prompt: 'a red kite over the harbour' } })
  await invoke(app, 'jobs.submit', { request: { model: 'i1-1', prompt: 'a blue door in a white wall' } })
  await invoke(app, 'jobs.submit', { request: { model: 'm1-1', prompt: 'a calm piano loop', m1Params: { duration_seconds: 5 } } })
  await page.getByTestId('nav-gallery').click()
  await expect(page.getByTestId('gallery-count')).toHaveText('3 items', { timeout: 120_000 })

  await page.getByTestId('filters-more').click()
  const filter = page.getByTestId('filter-model')
  const options = filter.locator('option')
  await expect.poll(() => options.evaluateAll((os) => os.map((o) => (o as unknown as { value: string }).value))).toEqual(['', 'i1-1', 'm1-1'])
  for (const size of [{ width: 1440, height: 900 }, { width: 1024, height: 640 }]) {
    await page.setViewportSize(size)
    await page.screenshot({ path: test.info().outputPath(`gallery-model-filter-${size.width}.png`) })
  }
  await filter.selectOption('m1-1')
  await expect(page.getByTestId('gallery-count')).toHaveText('1 item')

  await invoke(app, 'jobs.submit', { request: { model: 'i3-1', prompt: 'a green lamp on a desk' } })
  await expect.poll(() => options.evaluateAll((os) => os.map((o) => (o as unknown as { value: string }).value)), { timeout: 120_000 }).toEqual(['', 'i1-1', 'i3-1', 'm1-1'])
  await expect(filter).toHaveValue('m1-1')
})
