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
  await expect(page.getByTestId('toast').filter({ hasText: 'i6-1 takes no input file; using I2' })).toContainText('Not taken by I2 · 1: Image size')
  await expect(page.getByTestId('model-select')).toHaveValue('i2-1')
  await expect(page.getByTestId('prompt-input')).toHaveValue('a tall lighthouse at dusk')
  await expect(page.getByLabel('Aspect ratio')).toHaveValue('9:16')

  // Sent as it stands: the new job carries the kept settings and the output as its input.
  await page.getByTestId('submit-job').click()
  await expect
    .poll(async () => (await invoke<JobView[]>(app, 'jobs.list', {})).find((j) => j.model === 'i2-1')?.request ?? null)
    .toMatchObject({ prompt: 'a tall lighthouse at dusk', i2Params: { aspect_ratio: '9:16', output_format: 'png', image_input: [expect.stringMatching(/^https?:\/\//)] } })
})
