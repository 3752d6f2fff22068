// The account in Settings tells the truth: with a wrong key nothing says 'Connected', and
// the rejection is said once; the right key shows who it belongs to; a base URL that
// refuses connections is named, and the job waiting for it can be cancelled; another
// service's address makes the app forget the key and ask for one.
import { test, expect } from './app-host'
import { LIVE_KEY, saveKey, setBaseUrl, startLiveService, type LiveService } from './live-service'

const WRONG_KEY = 'mgk_wrong000000000000000000000000000'

let live: LiveService

test.beforeAll(async () => {
  live = await startLiveService()
})

test.afterAll(async () => {
  await live?.close()
})

test('a wrong key is refused in one place and nothing says Connected; the right one shows the account', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await setBaseUrl(page, live.sim.url)
  await saveKey(page, WRONG_KEY)
  await expect(page.getByText('The API key was rejected by the service. The key was not saved.')).toBeVisible()
  await expect(page.getByText(/rejected/)).toHaveCount(1)
  await expect(page.locator('body')).not.toContainText('Connected')
  await page.screenshot({ path: test.info().outputPath('settings-wrong-key.png'), fullPage: true })

  await saveKey(page, LIVE_KEY)
  const status = page.getByTestId('key-status')
  await expect(status).toContainText('Connected')
  await expect(page.getByTestId('account-facts')).toContainText(/Email.+@.+Team.+Plan.+Credits.+credits/)
  await page.screenshot({ path: test.info().outputPath('settings-connected.png'), fullPage: true })

  // The service stops answering at its address: Settings names it, and a job waits,
  // cancellable. The address is saved again (the same origin, so the key stays) to have it
  // checked at once.
  const port = new URL(live.sim.url).port
  await live.sim.close()
  await setBaseUrl(page, `${live.sim.url}/`)
  await expect(status).toContainText(`Cannot reach 127.0.0.1:${port}`)
  await expect(page.locator('body')).not.toContainText('Connected')

  await page.getByTestId('nav-create').click()
  await page.getByTestId('model-select').selectOption('i1-1')
  await page.getByTestId('prompt-input').fill('a kite over the dunes')
  await page.getByTestId('submit-job').click()
  await expect(page.getByTestId('toast').filter({ hasText: `Cannot reach 127.0.0.1:${port}` })).toBeVisible()
  await page.getByTestId('nav-queue').click()
  const row = page.getByTestId('job-row').first()
  await expect(row).toHaveAttribute('data-status', 'SENDING')
  await row.getByTestId('job-cancel').click()
  await expect(row).toHaveAttribute('data-status', 'REJECTED')
  await expect(row).toContainText('Cancelled before it reached the service')
  await row.getByTestId('job-dismiss').click()
  await expect(page.getByTestId('job-row')).toHaveCount(0)

  // Another service's address: the key given for this one is forgotten, and Settings asks for one.
  await setBaseUrl(page, 'https://api.example.com')
  await expect(status).toContainText('Key needed')
  await expect(status).toContainText('The service URL now points to https://api.example.com')
  await expect(page.getByTestId('api-key-clear')).toHaveCount(0)
})
