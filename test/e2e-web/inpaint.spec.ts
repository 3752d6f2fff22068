// Inpainting a gallery image: Edit opens Tools with the image, a mask is painted over it
// (with an undo and a redo), and the result is saved with its mask and a link to the
// image it was made from, which its viewer opens and compares on a before/after slider.
import { join } from 'node:path'
import sharp from 'sharp'
import type { AppInfo } from '../../src/shared/app/settings'
import type { JobView, LibraryEntry } from '../../src/shared/app/views'
import { test, expect, type AppHost } from './app-host'
import { invoke } from './host-api'

/** The library entry of a job once its outputs are saved. */
async function savedEntry(app: AppHost, pick: (jobs: JobView[]) => JobView | undefined): Promise<LibraryEntry> {
  let jobId: string | null = null
  await expect.poll(async () => {
    const job = pick(await invoke<JobView[]>(app, 'jobs.list', {}))
    jobId = job?.jobId ?? null
    return job?.saved
  }, { timeout: 90_000 }).toBe('saved')
  return invoke<LibraryEntry>(app, 'library.get', { jobId })
}

test('a creator paints a mask over a gallery image and compares the edit with its source', async ({ page, app }) => {
  test.setTimeout(180_000)
  await page.goto(app.openUrl)
  const made = await invoke<JobView>(app, 'jobs.submit', { request: { model: 'i1-1', prompt: 'a lighthouse on a cliff' } })
  const source = await savedEntry(app, (jobs) => jobs.find((j) => j.localId === made.localId))

  // From the gallery viewer, Edit opens Tools with the image under the mask painter.
  await page.getByTestId('nav-gallery').click()
  await page.getByTestId('gallery-item').filter({ hasText: 'lighthouse' }).getByRole('button', { name: /^Open/ }).click()
  await page.getByTestId('gallery-detail').getByTestId('edit-image').click()
  const canvas = page.getByTestId('mask-canvas')
  await expect(canvas).toBeVisible({ timeout: 30_000 })
  await page.getByTestId('prompt-input').fill('a red door in the cliff')

  // Two strokes with the mouse; undo takes the second away and redo brings it back.
  await canvas.scrollIntoViewIfNeeded()
  const box = (await canvas.boundingBox())!
  const drag = async (from: [number, number], to: [number, number]) => {
    await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1])
    await page.mouse.down()
    for (let i = 1; i <= 8; i++) await page.mouse.move(box.x + box.width * (from[0] + ((to[0] - from[0]) * i) / 8), box.y + box.height * (from[1] + ((to[1] - from[1]) * i) / 8))
    await page.mouse.up()
  }
  await drag([0.2, 0.3], [0.5, 0.35])
  await drag([0.3, 0.6], [0.45, 0.7])
  await expect(canvas).toHaveAttribute('data-strokes', '2')
  await page.keyboard.press('ControlOrMeta+z')
  await expect(canvas).toHaveAttribute('data-strokes', '1')
  await expect(page.getByTestId('mask-redo')).toBeEnabled()
  await page.getByTestId('mask-redo').click()
  await expect(canvas).toHaveAttribute('data-strokes', '2')
  // Zooming with the wheel and back to fit leaves the painting as it was.
  await canvas.hover()
  await page.mouse.wheel(0, -200)
  await expect(page.getByTestId('mask-zoom')).not.toHaveText('100%')
  await page.getByRole('button', { name: 'Fit', exact: true }).click()
  await expect(page.getByTestId('mask-zoom')).toHaveText('100%')
  await canvas.hover()
  await page.screenshot({ path: test.info().outputPath('mask-painter.png') })

  await page.getByTestId('submit-job').click()
  const result = page.getByTestId('result').first()
  await expect(result.getByTestId('before-after')).toBeVisible({ timeout: 90_000 })
  await page.screenshot({ path: test.info().outputPath('tool-result.png') })

  // The saved edit carries its painted mask (a PNG) and the image it was made from.
  const edit = await savedEntry(app, (jobs) => jobs.find((j) => j.model === 'e1-1'))
  const image = edit.inputs.find((i) => i.field === 'e1Params.image')
  const mask = edit.inputs.find((i) => i.field === 'e1Params.mask')
  expect(image).toMatchObject({ sourceJobId: source.jobId, sourceIndex: 0 })
  expect(mask?.mime).toBe('image/png')

  // The mask is the source's size, white where painted and black elsewhere.
  const info = await invoke<AppInfo>(app, 'app.info', {})
  const { data, info: raw } = await sharp(join(info.libraryDir, mask!.path)).greyscale().raw().toBuffer({ resolveWithObject: true })
  const sourceFile = source.files.find((f) => f.role === 'image')!
  expect([raw.width, raw.height]).toEqual([sourceFile.width, sourceFile.height])
  const pixels = [...data]
  expect(pixels.filter((v) => v > 250).length).toBeGreaterThan(100)
  expect(pixels.filter((v) => v < 5).length).toBeGreaterThan(pixels.length / 2)
  // White where the first stroke crossed the picture, black in a corner nobody painted.
  const at = (fx: number, fy: number) => data[Math.round(fy * raw.height) * raw.width + Math.round(fx * raw.width)]
  expect(at(0.35, 0.325)).toBeGreaterThan(250)
  expect(at(0.05, 0.95)).toBeLessThan(5)

  // Its viewer says what it was made from, compares the two, and opens the source.
  await page.getByTestId('nav-gallery').click()
  await page.getByTestId('gallery-item').filter({ hasText: 'red door' }).getByRole('button', { name: /^Open/ }).click()
  const detail = page.getByTestId('gallery-detail')
  const link = detail.getByTestId('made-from-link')
  await expect(link).toHaveText('a lighthouse on a cliff')
  const slider = detail.getByRole('slider', { name: 'Compare with the original' })
  await expect(slider).toHaveAttribute('aria-valuenow', '50')
  await slider.focus()
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await expect(slider).toHaveAttribute('aria-valuenow', '40')
  await page.screenshot({ path: test.info().outputPath('before-after.png') })
  await link.click()
  await expect(page.getByRole('dialog', { name: 'a lighthouse on a cliff' })).toBeVisible()
  await expect(page.getByTestId('gallery-detail-source').getByTestId('detail-prompt')).toHaveText('a lighthouse on a cliff')

  // Switched to outpaint, the form shows where the image will grow and the new aspect.
  await page.keyboard.press('Escape')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await page.getByTestId('nav-tools').click()
  await page.getByRole('radio', { name: 'outpaint' }).click()
  // Seven choices: found by typing in the searchable list.
  await page.locator('#tools-e1Params-outpaint').fill('left')
  await page.getByRole('option', { name: 'Extend left' }).click()
  await expect(page.locator('#tools-e1Params-outpaint')).toHaveValue('Extend left')
  // Sizes are numbers written the page's way (1,536 in English).
  const grouped = (n: number) => new Intl.NumberFormat('en').format(n)
  await expect(page.getByTestId('outpaint-result')).toContainText(`${grouped(sourceFile.width!)}×${grouped(sourceFile.height!)} → about ${grouped(sourceFile.width! * 1.5)}×${grouped(sourceFile.height!)}`)
  await page.getByTestId('outpaint-preview').scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath('outpaint-preview.png') })
})
