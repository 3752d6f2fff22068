// Demo and live are two accounts: after connecting a live one, nothing made in demo mode
// stays on screen (results on Create, rows in the Queue), and the live account's own show.
import { test, expect } from './app-host'
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
