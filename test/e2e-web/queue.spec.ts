// The Queue in the browser: a search narrows the list by prompt, model or status, the
// jobs it shows are selected at once and dismissed together, and a finished job shows a
// picture of its output from the library.
import { test, expect } from './app-host'
import { invoke } from './host-api'

const PROMPTS = ['a red kite over the dunes', 'a red barn at noon', 'a blue lighthouse', 'a green kite in rain']

test('search narrows the Queue and the jobs shown are dismissed together', async ({ page, app }) => {
  for (const prompt of PROMPTS) await invoke(app, 'jobs.submit', { request: { model: 'i1-1', prompt } })
  await page.goto(app.openUrl)
  await page.getByTestId('nav-queue').click()
  const rows = page.getByTestId('job-row')
  await expect(rows).toHaveCount(4)
  await expect(page.locator('[data-testid="job-row"][data-status="COMPLETED"]')).toHaveCount(4, { timeout: 60_000 })
  // Every finished job shows its output, served from the library.
  await expect(page.getByTestId('job-thumb')).toHaveCount(4, { timeout: 30_000 })
  await expect.poll(() => page.getByTestId('job-thumb').first().evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0)

  await page.getByTestId('queue-search').fill('kite')
  await expect(rows).toHaveCount(2)
  await page.getByTestId('queue-search').fill('red kite')
  await expect(rows).toHaveCount(1)
  await page.getByTestId('queue-search').fill('red')
  await expect(rows).toHaveCount(2)
  await page.getByTestId('queue-select-all').check()
  await expect(page.getByText('2 selected')).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('queue-selected.png') })
  await page.getByTestId('queue-bulk-dismiss').click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Dismissed 2 jobs' })).toBeVisible()
  await expect(rows).toHaveCount(0)

  await page.getByTestId('queue-search').fill('')
  await expect(rows).toHaveCount(2)
  await expect(rows.filter({ hasText: /a red (kite|barn)/ })).toHaveCount(0)
  // Dismissed in the engine, not just on screen: a reload does not bring them back.
  await page.reload()
  await page.getByTestId('nav-queue').click()
  await expect(rows).toHaveCount(2)
  await page.screenshot({ path: test.info().outputPath('queue-after-dismiss.png') })

  // The selection and the thumbnails read in the light theme too.
  await invoke(app, 'settings.update', { theme: 'light' })
  await page.reload()
  await page.getByTestId('nav-queue').click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  await rows.first().getByTestId('job-select').check()
  await page.screenshot({ path: test.info().outputPath('queue-light.png') })
})
