// An upscale is priced on its input's real size, as the service charges it, not on an
// assumed 1 MP; its output then shows in place.
import sharp from 'sharp'
import type { Page } from '@playwright/test'
import { test, expect } from './app-host'

async function dropOnUpscale(page: Page, png: Buffer): Promise<void> {
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
}

const pngOf = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } } }).png().toBuffer()

test('the upscale price follows the size of the dropped image', async ({ page, app }) => {
  // 2000 × 1500 = 2.86 MP (of 1024 × 1024); the default factor of 2 makes 11.4, charged as 12.
  await page.goto(app.openUrl)
  await dropOnUpscale(page, await pngOf(2000, 1500))

  await expect(page.getByTestId('cost-breakdown')).toHaveText(/^12 MP × \d+ per megapixel$/, { timeout: 30_000 })

  // The upscaled picture then shows in Tools, as results do on Create.
  await page.getByTestId('submit-job').click()
  const img = page.getByTestId('result').first().locator('img[data-testid="result-output"]')
  await expect(img).toBeVisible({ timeout: 60_000 })
  await expect.poll(() => img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth), { timeout: 30_000 }).toBeGreaterThan(0)
})

test('the upscale estimate is what the service then charges, counting a megapixel as 1024 × 1024', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await dropOnUpscale(page, await pngOf(1024, 1024))
  // 1 MP × 2² = 4 MP at 2 per megapixel.
  await expect(page.getByTestId('cost-breakdown')).toHaveText('4 MP × 2 per megapixel', { timeout: 30_000 })
  await expect(page.getByTestId('cost-estimate')).toContainText('8 credits')
  await page.getByTestId('submit-job').click()
  await page.getByTestId('nav-queue').click()
  await expect(page.getByTestId('job-charge').first()).toHaveText('8 credits', { timeout: 60_000 })
})
