// Acting on a result without leaving it: each action shows its model and price before it
// is sent, goes through the engine's submit as a new job, and that job's library entry
// names the result it was made from.
import type { Page } from '@playwright/test'
import type { JobView, LibraryEntry } from '../../src/shared/app/views'
import { test, expect, type AppHost } from './app-host'
import { invoke } from './host-api'

/** Generates one picture from Create and waits until its actions can be opened. */
async function makeResult(page: Page, app: AppHost, prompt: string, model = 'i1-1'): Promise<JobView> {
  await page.goto(app.openUrl)
  await page.getByTestId('nav-create').click()
  await page.getByTestId('model-select').selectOption(model)
  await page.getByTestId('prompt-input').fill(prompt)
  await page.getByTestId('submit-job').click()
  await expect(page.getByTestId('result').first().getByTestId('result-actions-open')).toBeEnabled({ timeout: 90_000 })
  return (await invoke<JobView[]>(app, 'jobs.list', {})).find((j) => j.prompt === prompt)!
}

/** The job of `model` sent after the source, once it is saved, with its library entry. */
async function sentFrom(app: AppHost, model: string): Promise<{ job: JobView; entry: LibraryEntry }> {
  const find = async () => (await invoke<JobView[]>(app, 'jobs.list', {})).find((j) => j.model === model)
  await expect.poll(async () => (await find())?.saved, { timeout: 90_000 }).toBe('saved')
  const job = (await find())!
  return { job, entry: await invoke<LibraryEntry>(app, 'library.get', { jobId: job.jobId }) }
}

/** A picture of the state at both sizes, dark and light, to look at. */
const shoot = async (page: Page, name: string) => {
  for (const theme of ['dark', 'light']) {
    await page.evaluate(`document.documentElement.dataset.theme = '${theme}'`)
    for (const [w, h] of [[1440, 900], [1024, 640]] as const) {
      await page.setViewportSize({ width: w, height: h })
      await page.screenshot({ path: test.info().outputPath(`${name}-${theme}-${w}x${h}.png`), animations: 'disabled' })
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 })
}

test('Vary (strong) from a result is a new job on a model with an image strength, made from that result', async ({ page, app }) => {
  const source = await makeResult(page, app, 'a lighthouse at dusk', 'i6-1')
  await page.getByTestId('result').first().getByTestId('result-actions-open').click()
  const menu = page.getByTestId('result-actions')
  const strong = menu.getByTestId('action-vary-strong')
  // I6 takes no image strength: the closest family that does is named, and priced.
  await expect(strong).toContainText('I3 · 1')
  await expect(strong.getByTestId('action-switched')).toContainText('i6-1 takes no image strength')
  await expect(strong.getByTestId('action-price')).toHaveText('8 credits')
  await expect(menu.getByTestId('action-upscale-2').getByTestId('action-price')).toHaveText(/\d+ credits/)
  await shoot(page, 'actions-menu')
  await strong.click()
  await expect(menu).toHaveCount(0)

  const { job, entry } = await sentFrom(app, 'i3-1')
  expect(job.request).toMatchObject({ prompt: 'a lighthouse at dusk', i3Params: { image_prompt: expect.stringMatching(/^https?:\/\//), image_prompt_strength: 0.35 } })
  expect(entry.inputs).toMatchObject([{ field: 'i3Params.image_prompt', sourceJobId: source.jobId, sourceIndex: 0 }])
  // On Create, the new result says what it was made from.
  await expect(page.getByTestId('result')).toHaveCount(2)
})

test('Vary region: paint on the result, then the edit model inpaints that region', async ({ page, app }) => {
  const source = await makeResult(page, app, 'a cottage in a meadow')
  await page.getByTestId('result').first().getByTestId('result-actions-open').click()
  await page.getByTestId('action-vary-region').click()
  const canvas = page.getByTestId('mask-canvas')
  await expect(canvas).toBeVisible()
  await expect(page.getByTestId('region-send')).toBeDisabled()
  const box = (await canvas.boundingBox())!
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.3)
  await page.mouse.down()
  for (let i = 1; i <= 8; i++) await page.mouse.move(box.x + box.width * (0.3 + i * 0.04), box.y + box.height * 0.4)
  await page.mouse.up()
  await expect(canvas).toHaveAttribute('data-strokes', '1')
  await page.getByTestId('region-prompt').fill('a red door')
  await expect(page.getByTestId('region-cost')).toContainText('10 credits')
  await shoot(page, 'vary-region')
  await page.getByTestId('region-send').click()
  await expect(page.getByTestId('result-actions')).toHaveCount(0)

  const { job, entry } = await sentFrom(app, 'e1-1')
  expect(job.request).toMatchObject({ prompt: 'a red door', e1Params: { mode: 'inpaint', image: expect.stringMatching(/^https?:\/\//), mask: expect.stringMatching(/^https?:\/\//) } })
  expect(entry.inputs).toEqual(expect.arrayContaining([
    expect.objectContaining({ field: 'e1Params.image', sourceJobId: source.jobId }),
    expect.objectContaining({ field: 'e1Params.mask', mime: 'image/png' })
  ]))
})

test('Zoom out 2× and Upscale ×2 go from the result itself, and the view stays on Create', async ({ page, app }) => {
  const source = await makeResult(page, app, 'a harbour at dawn')
  const card = page.getByTestId('result').first()
  // The key on the result opens the menu on that action, priced, before anything is sent.
  await card.getByTestId('result-actions-open').focus()
  await page.keyboard.press('Shift+Z')
  await expect(page.getByTestId('action-zoom-2')).toBeFocused()
  await expect(page.getByTestId('action-zoom-2')).toContainText('2,048×2,048 px')
  await page.keyboard.press('Enter')
  const zoom = await sentFrom(app, 'e1-1')
  expect(zoom.job.request).toMatchObject({ prompt: 'a harbour at dawn', e1Params: { mode: 'outpaint', outpaint: 'Zoom out 2x' } })
  expect(zoom.entry.inputs).toMatchObject([{ sourceJobId: source.jobId }])

  await page.getByTestId('result').filter({ hasText: 'i1-1' }).getByTestId('result-actions-open').click()
  await page.getByTestId('action-upscale-2').click()
  const up = await sentFrom(app, 'u1-1')
  expect(up.job.request).toMatchObject({ u1Params: { upscale_factor: 2 } })
  expect(up.entry.inputs).toMatchObject([{ field: 'u1Params.image', sourceJobId: source.jobId }])
  await expect(page.getByTestId('nav-create')).toHaveAttribute('aria-current', 'page')
  // Both new jobs are among Create's results, above the picture they were made from.
  await expect(page.getByTestId('result')).toHaveCount(3)
  await expect(page.getByTestId('result').first()).toContainText('u1-1')
})

test('Animate shows the duration and its price before sending the result as the first frame', async ({ page, app }) => {
  const source = await makeResult(page, app, 'a paper kite')
  await page.getByTestId('result').first().getByTestId('result-actions-open').click()
  await page.getByTestId('action-animate').click()
  await page.getByTestId('animate-model').selectOption('v6-1')
  await page.getByTestId('animate-duration').selectOption('8')
  await expect(page.getByTestId('animate-cost')).toHaveText('8 seconds × 15 per second = 120 credits')
  await page.getByTestId('animate-prompt').fill('the kite climbs into the wind')
  await shoot(page, 'animate')
  await page.getByTestId('animate-send').click()
  const { job, entry } = await sentFrom(app, 'v6-1')
  expect(job.request).toMatchObject({ prompt: 'the kite climbs into the wind', v6Params: { duration: 8, start_image: expect.stringMatching(/^https?:\/\//) } })
  expect(entry.inputs).toMatchObject([{ field: 'v6Params.start_image', sourceJobId: source.jobId }])
})
