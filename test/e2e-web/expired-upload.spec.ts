// An input uploaded more than an hour ago has a dead URL. A draft restored after that (the
// app was closed and opened again) says so on the input, and Generate sends the library's
// copy again under a new URL instead of the dead one.
import sharp from 'sharp'
import type { JobView } from '../../src/shared/app/views'
import { test, expect } from './app-host'
import { invoke } from './host-api'

test('a draft restored after its upload expired sends the kept copy again', async ({ page, app }) => {
  await page.clock.install()
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 140, b: 90 } } }).png().toBuffer()
  await page.goto(app.openUrl)
  await page.getByTestId('nav-tools').click()
  await page.getByTestId('tool-background').click()
  const zone = page.getByTestId('dropzone-b1Params.image')
  // Runs in the page, where DataTransfer and File exist (this file is type-checked for Node).
  const dataTransfer = await page.evaluateHandle((bytes) => {
    const g = globalThis as unknown as {
      DataTransfer: new () => { items: { add(f: unknown): void } }
      File: new (parts: unknown[], name: string, opts: { type: string }) => unknown
    }
    const dt = new g.DataTransfer()
    dt.items.add(new g.File([new Uint8Array(bytes)], 'portrait.png', { type: 'image/png' }))
    return dt
  }, [...png])
  await zone.dispatchEvent('dragenter', { dataTransfer })
  await zone.dispatchEvent('dragover', { dataTransfer })
  await zone.dispatchEvent('drop', { dataTransfer })
  const note = page.getByTestId('input-note')
  await expect(note).toContainText('Uploaded · expires')
  const urlField = page.locator('input[data-path="b1Params.image"]')
  const first = await urlField.inputValue()

  // Two hours later the app is opened again.
  await page.clock.fastForward('02:00:00')
  await page.reload()
  await expect(note).toHaveText('Upload expired · sent again from your copy on Generate')
  // The session's preview died with the page; the library's copy shows instead.
  const preview = page.getByRole('img', { name: 'Preview of portrait.png' })
  await expect.poll(() => preview.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0)

  await page.getByTestId('submit-job').click()
  await expect(urlField).not.toHaveValue(first)
  const sentImage = async () => {
    const job = (await invoke<JobView[]>(app, 'jobs.list', {})).find((j) => j.model === 'b1-1')
    return (job?.request.b1Params as { image?: string } | undefined)?.image ?? null
  }
  await expect.poll(sentImage).not.toBeNull()
  expect(await sentImage()).not.toBe(first)
  expect(await sentImage()).toBe(await urlField.inputValue())
})
