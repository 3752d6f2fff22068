// Drag-and-drop as an input: a PNG dropped from the desktop onto the upscale tool's drop
// zone is uploaded, used by the job, kept as the job's original input, and the result
// lands in the gallery.
import sharp from 'sharp'
import { test, expect } from './app-host'

test('a file dropped on a tool\'s drop zone is uploaded and the result is saved', async ({ page, app }) => {
  const png = await sharp({ create: { width: 96, height: 64, channels: 3, background: { r: 30, g: 140, b: 200 } } }).png().toBuffer()
  await page.goto(app.openUrl)
  await page.getByTestId('nav-tools').click()
  await page.getByTestId('tool-upscale').click()
  const zone = page.getByTestId('dropzone-u1Params.image')
  await expect(zone).toBeVisible()

  // A real drop event carrying a File, as the desktop delivers it.
  // The callback runs in the page, where DataTransfer and File exist; this file is
  // type-checked for Node, so they are reached through globalThis.
  const dataTransfer = await page.evaluateHandle((bytes) => {
    const g = globalThis as unknown as {
      DataTransfer: new () => { items: { add(f: unknown): void } }
      File: new (parts: unknown[], name: string, opts: { type: string }) => unknown
    }
    const dt = new g.DataTransfer()
    dt.items.add(new g.File([new Uint8Array(bytes)], 'small.png', { type: 'image/png' }))
    return dt
  }, [...png])
  await zone.dispatchEvent('dragenter', { dataTransfer })
  await zone.dispatchEvent('dragover', { dataTransfer })
  await zone.dispatchEvent('drop', { dataTransfer })

  const submit = page.getByTestId('submit-job')
  await expect(submit).toBeEnabled()
  await submit.click()

  await page.getByTestId('nav-queue').click()
  const row = page.getByTestId('job-row').first()
  await expect(row).toHaveAttribute('data-status', 'COMPLETED', { timeout: 60_000 })
  await expect(row.getByTestId('job-saving')).toContainText(/saved/i, { timeout: 60_000 })

  await page.getByTestId('nav-gallery').click()
  await page.getByTestId('gallery-item').first().click()
  await expect(page.locator('img[data-testid="gallery-media"]')).toBeVisible()
  await expect(page.getByTestId('detail-model')).toContainText('u1-1')
})
