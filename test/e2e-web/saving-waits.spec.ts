// What the user sees when an output cannot be written: the queue says it is waiting,
// why, and when the service purges it; nothing is marked lost; "Retry now" saves it once
// the disk is fixed. And a delete from the gallery can be undone.
import { rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test, expect } from './app-host'

test('an output the disk refuses waits with its reason and countdown, and is saved once the disk is fixed', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await expect(page.getByTestId('demo-banner')).toBeVisible()
  // The library's files folder cannot be created: a file stands in its place.
  const files = join(app.dataDir, 'demo', 'library', 'files')
  await rm(files, { recursive: true, force: true })
  await writeFile(files, 'in the way')

  await page.getByTestId('nav-create').click()
  await page.getByTestId('model-select').selectOption('i1-1')
  await page.getByTestId('prompt-input').fill('a paper boat on a puddle')
  await page.getByTestId('submit-job').click()
  await page.getByTestId('nav-queue').click()
  const row = page.getByTestId('job-row').first()
  await expect(row).toHaveAttribute('data-status', 'COMPLETED', { timeout: 60_000 })
  const saving = row.getByTestId('job-saving')
  await expect(saving).toContainText(/Waiting to save \(disk error: .+\); retrying, the service purges it in \d+ h \d+ min/, { timeout: 30_000 })
  await expect(saving).not.toContainText(/lost/i)
  await page.screenshot({ path: test.info().outputPath('queue-waiting.png') })

  await rm(files)
  await row.getByTestId('job-save-retry').click()
  await expect(saving).toHaveText('Saved', { timeout: 30_000 })
  expect((await stat(files)).isDirectory()).toBe(true)
})

test('a delete from the gallery can be undone', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await page.getByTestId('nav-create').click()
  await page.getByTestId('model-select').selectOption('i1-1')
  await page.getByTestId('prompt-input').fill('a lantern in the fog')
  await page.getByTestId('submit-job').click()
  await page.getByTestId('nav-queue').click()
  await expect(page.getByTestId('job-row').first().getByTestId('job-saving')).toHaveText('Saved', { timeout: 60_000 })

  await page.getByTestId('nav-gallery').click()
  await page.getByTestId('gallery-item').first().click()
  await page.getByTestId('remove-entry').click()
  await page.getByTestId('confirm-remove').click()
  await expect(page.getByTestId('gallery-item')).toHaveCount(0)
  const toast = page.getByTestId('toast').filter({ hasText: 'Removed from the library' })
  await expect(toast).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('gallery-undo.png') })
  await toast.getByTestId('toast-action').click()
  await expect(page.getByTestId('gallery-item')).toHaveCount(1)
  await page.getByTestId('gallery-item').first().click()
  const img = page.locator('img[data-testid="gallery-media"]')
  await expect.poll(() => img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0)
})
