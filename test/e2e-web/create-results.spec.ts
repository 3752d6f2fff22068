// Create shows what it made: a job's progress with elapsed time and time left while it
// runs, then the output itself, in place, with no further click.
import { test, expect } from './app-host'
import { releaseHeldJobs } from './demo-service'
import { invoke } from './host-api'

test('a prompt typed and sent at once shows its picture on Create when the job completes', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await page.getByTestId('nav-create').click()
  const button = page.getByTestId('submit-job')
  const before = await button.boundingBox()
  await page.getByTestId('prompt-input').fill('a red kite over green hills')
  // Straight after typing, a click aimed where the button was before typing sends the job:
  // the button has not moved from under the pointer, and nothing has to settle first.
  expect(await button.boundingBox()).toEqual(before)
  await page.mouse.click(before!.x + before!.width / 2, before!.y + before!.height / 2)

  const result = page.getByTestId('result').first()
  await expect(result).toBeVisible()
  const img = result.locator('img[data-testid="result-output"]').first()
  await expect(img).toBeVisible({ timeout: 60_000 })
  await expect.poll(() => img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth), { timeout: 30_000 }).toBeGreaterThan(0)
  // The full picture, not a thumbnail, served from the library.
  expect(await img.getAttribute('src')).toMatch(/^\/library\/files\//)
  expect(await button.boundingBox()).toEqual(before)

  await page.screenshot({ path: test.info().outputPath('create-result.png') })
  // Zoom opens the same file at full size.
  await result.getByTestId('result-zoom').first().click()
  await expect(page.getByTestId('zoom-image')).toBeVisible()
})

test('in a narrow window Generate stays put while the form\'s messages come and go', async ({ page, app }) => {
  await page.setViewportSize({ width: 800, height: 900 })
  await page.goto(app.openUrl)
  await page.getByTestId('nav-create').click()
  await page.getByTestId('model-select').selectOption('i14-1')
  const button = page.getByTestId('submit-job')
  const before = await button.boundingBox()
  // An inline message appears under the prompt, then goes.
  await page.getByTestId('prompt-input').fill('x'.repeat(5001))
  await expect(page.locator('[data-testid="field-error"][data-path="prompt"]')).toBeVisible()
  expect(await button.boundingBox()).toEqual(before)
  await page.getByTestId('prompt-input').fill('a red kite')
  await expect(page.locator('[data-testid="field-error"][data-path="prompt"]')).toHaveCount(0)
  expect(await button.boundingBox()).toEqual(before)
  await page.mouse.click(before!.x + before!.width / 2, before!.y + before!.height / 2)
  await expect(page.getByTestId('result').first()).toBeVisible()
})

test('a running job shows its percentage, elapsed time and time left, then its output', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await page.getByTestId('nav-create').click()
  await page.getByTestId('prompt-input').fill('a lighthouse at dusk #hold')
  await page.getByTestId('submit-job').click()

  const result = page.getByTestId('result').first()
  await expect(result).toHaveAttribute('data-status', 'PROCESSING', { timeout: 60_000 })
  await expect(result.getByTestId('result-percent')).toHaveText(/^[1-9]\d?%$/)
  await expect(result.getByTestId('result-elapsed')).toHaveText(/^\d+:\d\d elapsed$/)
  // Held at its first step: see the Queue test below for why either label is right.
  await expect(result.getByTestId('result-eta')).toHaveText(/about \d+:\d\d left|taking longer than expected…/)
  await page.screenshot({ path: test.info().outputPath('create-running.png') })

  expect(await releaseHeldJobs(app)).toBe(1)
  await expect(result).toHaveAttribute('data-status', 'COMPLETED', { timeout: 60_000 })
  await expect(result.getByTestId('result-elapsed')).toHaveText(/^(\d+:\d\d in all|took under a second)$/)
  await expect(result.locator('img[data-testid="result-output"]').first()).toBeVisible({ timeout: 60_000 })
  await expect(result.getByTestId('result-run-again')).toBeEnabled()
})

test('the queue shows elapsed time and time left, and a cancelled job the credits it gave back', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await page.getByTestId('nav-create').click()
  await page.getByTestId('model-select').selectOption('i1-1')
  await page.getByTestId('prompt-input').fill('a quiet bay #hold')
  await page.getByTestId('submit-job').click()
  await expect(page.getByTestId('result').first()).toHaveAttribute('data-status', 'PROCESSING', { timeout: 60_000 })

  await page.getByTestId('nav-queue').click()
  const row = page.getByTestId('job-row').first()
  await expect(row.getByTestId('result-elapsed')).toHaveText(/^\d+:\d\d elapsed$/)
  // Held at its first step: a time left while its rate still holds, then "taking longer
  // than expected" (how soon depends on the machine), never "finishing" so far from done.
  await expect(row.getByTestId('result-eta')).toHaveText(/about \d+:\d\d left|taking longer than expected…/)
  await row.getByTestId('job-cancel').click()
  await expect(row).toHaveAttribute('data-status', 'CANCELLED', { timeout: 30_000 })
  await expect(row.getByTestId('job-refund')).toHaveText('refunded 3 credits')

  await page.getByTestId('nav-create').click()
  await expect(page.getByTestId('result').first().getByTestId('result-refund')).toHaveText('refunded 3 credits')
})

test('a finished track and video play on Create', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await page.getByTestId('nav-create').click()
  await page.getByTestId('modality-music').click()
  await page.getByTestId('prompt-input').fill('a slow piano waltz')
  await page.getByTestId('submit-job').click()
  const track = page.getByTestId('result').first()
  const audio = track.locator('audio[data-testid="result-output"]')
  await expect(track.getByTestId('audio-toggle')).toBeVisible({ timeout: 60_000 })
  // The length shows from the start: never "0:00" as the total while the file loads.
  await expect(track.getByTestId('audio-time')).toHaveText(/^0:00 \/ 0:(?!00)\d\d$/)
  await expect.poll(() => audio.evaluate((el) => (el as unknown as { duration: number }).duration), { timeout: 30_000 }).toBeGreaterThan(0)
  await track.getByTestId('audio-toggle').click()
  await expect(track.getByTestId('audio-toggle')).toHaveAttribute('aria-label', 'Pause')
  await expect(track.getByTestId('audio-time')).not.toHaveText(/^0:00 /, { timeout: 10_000 })

  await page.getByTestId('modality-video').click()
  await page.getByTestId('prompt-input').fill('waves on a pier')
  await page.getByTestId('submit-job').click()
  const video = page.getByTestId('result').first().locator('video[data-testid="result-output"]')
  await expect(video).toBeVisible({ timeout: 60_000 })
  await expect.poll(() => video.evaluate((el) => (el as unknown as { videoWidth: number }).videoWidth), { timeout: 30_000 }).toBeGreaterThan(0)
  await page.screenshot({ path: test.info().outputPath('create-players.png') })
})

test('a grid-making model shows its grid with its images on Create', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await page.getByTestId('nav-create').click()
  await page.getByTestId('model-select').selectOption('i16-1')
  await page.getByTestId('prompt-input').fill('four views of a lighthouse')
  await page.getByTestId('submit-job').click()
  const result = page.getByTestId('result').first()
  const grid = result.locator('img[data-role="grid"]')
  await expect(grid).toBeVisible({ timeout: 60_000 })
  await expect.poll(() => grid.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth), { timeout: 30_000 }).toBeGreaterThan(0)
  await expect(result.locator('img[data-role="image"]').first()).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('create-grid.png') })
})

test('Open in gallery shows the result in the Gallery\'s viewer, with the arrows reaching its neighbours', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await page.getByTestId('nav-create').click()
  for (const prompt of ['a paper boat on a puddle', 'a neon diner at midnight']) {
    await page.getByTestId('prompt-input').fill(prompt)
    await page.getByTestId('submit-job').click()
    await expect(page.getByTestId('result').first().locator('img[data-testid="result-output"]').first()).toBeVisible({ timeout: 60_000 })
  }
  // The newest result leads on Create; open the older one.
  const older = page.getByTestId('result').filter({ hasText: 'a paper boat on a puddle' })
  await older.getByTestId('result-open-gallery').click()

  await expect(page.getByTestId('nav-gallery')).toHaveAttribute('aria-current', 'page')
  await expect(page.getByTestId('gallery-count')).toBeVisible()
  const viewer = page.getByTestId('gallery-detail')
  await expect(viewer.getByTestId('detail-prompt')).toHaveText('a paper boat on a puddle')
  await expect(viewer.getByTestId('detail-position')).toHaveText(/2 of 2/)
  await viewer.getByTestId('detail-prev').click()
  await expect(viewer.getByTestId('detail-prompt')).toHaveText('a neon diner at midnight')

  // The Queue's rows open their own item too.
  await page.keyboard.press('Escape')
  await page.getByTestId('nav-queue').click()
  await page.getByTestId('job-row').filter({ hasText: 'a paper boat on a puddle' }).getByTestId('job-open-gallery').click()
  await expect(page.getByTestId('gallery-detail').getByTestId('detail-prompt')).toHaveText('a paper boat on a puddle')

  // A new output lands at the top while the viewer is open: it stays on its item.
  await invoke(app, 'jobs.submit', { request: { model: 'i1-1', prompt: 'a kite over the dunes' } })
  await expect(page.getByTestId('gallery-count')).toHaveText(/^3 items/, { timeout: 60_000 })
  await expect(page.getByTestId('gallery-detail').getByTestId('detail-position')).toHaveText('3 of 3')
  await expect(page.getByTestId('gallery-detail').getByTestId('detail-prompt')).toHaveText('a paper boat on a puddle')
})
