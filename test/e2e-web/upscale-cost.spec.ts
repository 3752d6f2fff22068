// An upscale is priced on its input's real size, as the service charges it, not on an
// assumed 1 MP; its output then shows in place.
import sharp from 'sharp'
import { test, expect } from './app-host'

test('the upscale price follows the size of the dropped image', async ({ page, app }) => {
  // 2000 × 1500 = 3 MP; the default factor of 2 makes 12 output megapixels.
  const png = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: { r: 200, g: 90, b: 40 } } }).png().toBuffer()
  await page.goto(app.openUrl)
  await page.getByTestId('nav-tools').click()
  await page.getByTestId('tool-upscale').click()
  const zone = page.getByTestId('dropzone-u1Params.image')
  // The callback runs in the page, where DataTransfer and File exist; this file is
  // type-checked for Node, so they are reached through globalThis.
  const dataTransfer = await page.evaluateHandle((bytes) => {
    const g = globalThis as unknown as {
      DataTransfer: new () => { items: { add(f: unknown): void } }
      File: new (parts: unknown[], name: string, opts: { type: string }) => unknown
    }
    const dt = new g.DataTransfer()
    dt.items.add(new g.File([new Uint8Array(bytes)], 'large.png', { type: 'image/png' }))
    return dt
  }, [...png])
  await zone.dispatchEvent('dragenter', { dataTransfer })
  await zone.dispatchEvent('dragover', { dataTransfer })
  await zone.dispatchEvent('drop', { dataTransfer })

  await expect(page.getByTestId('cost-breakdown')).toHaveText(/^12 MP × \d+ per megapixel$/, { timeout: 30_000 })

  // The upscaled picture then shows in Tools, as results do on Create.
  await page.getByTestId('submit-job').click()
  const img = page.getByTestId('result').first().locator('img[data-testid="result-output"]')
  await expect(img).toBeVisible({ timeout: 60_000 })
  await expect.poll(() => img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth), { timeout: 30_000 }).toBeGreaterThan(0)
})
