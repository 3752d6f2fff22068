// Demo and live are two accounts: after connecting a live one, nothing made in demo mode
// stays on screen (results on Create, rows in the Queue), and the live account's own show;
// an input the draft took in demo mode is uploaded to the live service before it is sent.
import type { AppInfo } from '../../src/shared/app/settings'
import type { JobView } from '../../src/shared/app/views'
import { test, expect } from './app-host'
import { invoke } from './host-api'
import { LIVE_KEY, saveKey, setBaseUrl, startLiveService, type LiveService } from './live-service'

let live: LiveService

test.beforeAll(async () => {
  live = await startLiveService()
})

test.afterAll(async () => {
  await live?.close()
})

test('demo results leave Create and the Queue once a live account is connected', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await page.getByTestId('nav-create').click()
  await page.getByTestId('prompt-input').fill('a demo lighthouse')
  await page.getByTestId('submit-job').click()
  await expect(page.getByTestId('result')).toHaveCount(1)

  await setBaseUrl(page, live.sim.url)
  await saveKey(page, LIVE_KEY)
  await expect(page.getByTestId('key-status')).toContainText('Connected')

  await page.getByTestId('nav-create').click()
  await expect(page.getByTestId('result')).toHaveCount(0)
  await page.getByTestId('nav-queue').click()
  await expect(page.getByText('No jobs yet')).toBeVisible()

  // The live account's own job shows, and only it.
  await page.getByTestId('nav-create').click()
  await page.getByTestId('prompt-input').fill('a live lighthouse')
  await page.getByTestId('submit-job').click()
  await expect(page.getByTestId('result')).toHaveCount(1)
  await expect(page.getByTestId('result')).toContainText('a live lighthouse')
  await page.screenshot({ path: test.info().outputPath('after-switch.png') })
})

test('an input taken in demo mode goes to the live service uploaded again, never with its demo address', async ({ page, app }) => {
  await page.goto(app.openUrl)
  const demo = new URL((await invoke<AppInfo>(app, 'app.info', {})).baseUrl).origin
  await invoke(app, 'jobs.submit', { request: { model: 'i6-1', prompt: 'a demo kite', i6Params: { aspect_ratio: '1:1', output_format: 'png' } } })
  await page.getByTestId('nav-gallery').click()
  await expect(page.getByTestId('gallery-count')).toHaveText(/^1 item/, { timeout: 120_000 })
  await page.getByTestId('gallery-item').first().getByRole('button', { name: /^Open/ }).click()
  await page.getByTestId('use-as-input').click()
  await expect(page.getByTestId('model-select')).toHaveValue('i2-1')
  const savedDrafts = () => page.evaluate(() => localStorage.getItem('mediagen:drafts') ?? '')
  await expect.poll(savedDrafts).toContain(`${demo}/`)

  await setBaseUrl(page, live.sim.url)
  await saveKey(page, LIVE_KEY)
  await expect(page.getByTestId('key-status')).toContainText('Connected')

  // The draft names the input at the live service now, wherever it was kept.
  await expect.poll(savedDrafts).not.toContain(`${demo}/`)
  await expect.poll(savedDrafts).toContain(`${live.sim.url}/`)
  // That model chosen again, after another: its settings come back with the live upload.
  await page.getByTestId('nav-create').click()
  await page.getByTestId('model-select').selectOption('i1-1')
  await page.getByTestId('model-select').selectOption('i2-1')
  await page.getByTestId('prompt-input').fill('a live kite from the demo one')
  const jobsBefore = live.sim.jobCount()
  await page.getByTestId('submit-job').click()
  await expect
    .poll(async () => (await invoke<JobView[]>(app, 'jobs.list', {})).find((j) => j.model === 'i2-1')?.request ?? null)
    .toMatchObject({ i2Params: { image_input: [expect.stringMatching(new RegExp(`^${live.sim.url}/`))] } })
  await expect.poll(() => live.sim.jobCount()).toBe(jobsBefore + 1)
})
