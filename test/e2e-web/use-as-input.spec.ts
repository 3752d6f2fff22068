// Iterating on a result keeps its settings. "Use as input" on an output of a model that
// takes no image (I6 at 9:16) opens Create on a model that does, with the output as its
// input and every setting that model accepts (the 9:16 aspect ratio) kept; the one it does
// not accept is named. The job then runs with them.
import { test, expect } from './app-host'
import { invoke } from './host-api'
import type { JobView } from '../../src/shared/app/views'

test('Use as input keeps the settings that still apply and names the ones dropped', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await invoke(app, 'jobs.submit', { request: { model: 'i6-1', prompt: 'a tall lighthouse at dusk', i6Params: { aspect_ratio: '9:16', output_format: 'png', image_size: '2K' } } })

  await page.getByTestId('nav-gallery').click()
  await expect(page.getByTestId('gallery-count')).toHaveText(/^1 item/, { timeout: 120_000 })
  await page.getByTestId('gallery-item').first().getByRole('button', { name: /^Open/ }).click()
  await page.getByTestId('use-as-input').click()

  // Create, on a model that takes an image, with the output as that image.
  await expect(page.getByTestId('nav-create')).toHaveAttribute('aria-current', 'page')
  const told = page.getByTestId('toast').filter({ hasText: 'i6-1 takes no input file, so I2 · 1 takes it.' })
  await expect(told).toContainText('Added as Input images of I2 · 1')
  await expect(told).toContainText('Not taken by I2 · 1: Image size')
  // Where it went, in sight at the top of the form.
  await expect(page.getByTestId('draft-input')).toHaveCount(1)
  await expect(page.getByTestId('draft-input')).toHaveAttribute('data-field', 'i2Params.image_input')
  await expect(page.getByTestId('model-select')).toHaveValue('i2-1')
  await expect(page.getByTestId('prompt-input')).toHaveValue('a tall lighthouse at dusk')
  await expect(page.getByLabel('Aspect ratio')).toHaveValue('9:16')

  // Sent as it stands: the new job carries the kept settings and the output as its input.
  await page.getByTestId('submit-job').click()
  await expect
    .poll(async () => (await invoke<JobView[]>(app, 'jobs.list', {})).find((j) => j.model === 'i2-1')?.request ?? null)
    .toMatchObject({ prompt: 'a tall lighthouse at dusk', i2Params: { aspect_ratio: '9:16', output_format: 'png', image_input: [expect.stringMatching(/^https?:\/\//)] } })
})

test('a result used as input shows at the top of the form, a model switch names what it keeps or drops, and it can be taken out', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await page.getByTestId('nav-create').click()
  await page.getByTestId('model-select').selectOption('i10-1')
  await page.getByTestId('prompt-input').fill('a copper kettle')
  await page.getByTestId('submit-job').click()
  const card = page.getByTestId('result').first()
  await expect(card.getByTestId('result-use-as-input')).toBeEnabled({ timeout: 90_000 })
  await card.getByTestId('result-use-as-input').click()

  const strip = page.getByTestId('draft-inputs')
  await expect(strip.getByTestId('draft-input')).toHaveCount(1)
  await expect(strip).toContainText('From library: a copper kettle')
  await expect(page.getByTestId('toast').filter({ hasText: 'Added as Image of I10 · 1' })).toBeVisible()
  for (const [w, h] of [[1440, 900], [1024, 640]] as const) {
    await page.setViewportSize({ width: w, height: h })
    await page.screenshot({ path: test.info().outputPath(`input-thumbnails-${w}x${h}.png`) })
  }
  await page.setViewportSize({ width: 1440, height: 900 })

  // A model without an image input: the switch names the input it drops, and nothing rides along.
  await page.getByTestId('model-select').selectOption('i1-1')
  await expect(page.getByTestId('toast').filter({ hasText: 'Not taken by I1 · 1, so not sent: From library: a copper kettle.' })).toBeVisible()
  await expect(page.getByTestId('draft-inputs')).toHaveCount(0)
  // Back on I10, the input kept with its last settings comes back, and says so.
  await page.getByTestId('model-select').selectOption('i10-1')
  await expect(page.getByTestId('toast').filter({ hasText: 'I10 · 1 brings back the input From library: a copper kettle' })).toBeVisible()
  await expect(strip.getByTestId('draft-input')).toHaveCount(1)

  // Taken out, it is not sent: the next job is text-to-image.
  await strip.getByTestId('draft-input-remove').click()
  await expect(page.getByTestId('draft-inputs')).toHaveCount(0)
  await page.getByTestId('submit-job').click()
  await expect.poll(async () => (await invoke<JobView[]>(app, 'jobs.list', {})).filter((j) => j.model === 'i10-1').length).toBe(2)
  const last = (await invoke<JobView[]>(app, 'jobs.list', {})).find((j) => j.model === 'i10-1')!
  expect(last.request).not.toHaveProperty('i10Params.image')
})
