// Connecting an account in Settings goes in the order the engine needs: the service's
// address comes first on the page, and the key is not asked for until one is saved, so a
// key is never typed only to be refused. The public webhook address takes https only: a
// plain http one is refused under its field, by the page and by the engine, and webhooks
// never show as on.
import { test, expect } from './app-host'
import { LIVE_KEY, saveKey, setBaseUrl, startLiveService, type LiveService } from './live-service'

let live: LiveService

test.beforeAll(async () => {
  live = await startLiveService()
})

test.afterAll(async () => {
  await live?.close()
})

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 640 }
]

test('the service URL comes before the key, and the key waits for it', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await page.getByTestId('nav-settings').click()
  const url = page.getByTestId('setting-baseUrl')
  const key = page.getByTestId('api-key-input')
  await expect(key).toBeVisible()
  // Read in the page's order (and the Tab order): the address, then the key.
  expect(await url.evaluate((u, k) => !!(u.compareDocumentPosition(k!) & 4), await key.elementHandle())).toBe(true) // 4: DOCUMENT_POSITION_FOLLOWING
  await expect(key).toBeDisabled()
  await expect(page.getByTestId('api-key-needs-url')).toHaveText('Save the service’s base URL above first: the key is checked there, and sent nowhere else.')
  await expect(page.getByTestId('api-key-save')).toBeDisabled()
  for (const size of SIZES) {
    await page.setViewportSize(size)
    await page.screenshot({ path: test.info().outputPath(`settings-key-waits-${size.width}.png`) })
  }

  await setBaseUrl(page, live.sim.url)
  await expect(key).toBeEnabled()
  await saveKey(page, LIVE_KEY)
  await expect(page.getByTestId('key-status')).toContainText('Connected')
  await expect(page.getByText('Enter the service URL before the API key')).toHaveCount(0)
})

test('a plain http public webhook URL is refused under its field, by the page and by the engine', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await page.getByTestId('nav-settings').click()
  const hook = page.getByTestId('setting-publicWebhookUrl')
  await hook.fill('http://hooks.example.com/in')
  const field = page.locator('.field', { has: hook })
  await expect(field).toContainText('Public webhook URL')
  await expect(field).toContainText('Must use https://: the service posts each job’s results to this address')
  await expect(page.getByTestId('save-connection')).toBeDisabled()
  for (const size of SIZES) {
    await page.setViewportSize(size)
    await hook.scrollIntoViewIfNeeded()
    await page.screenshot({ path: test.info().outputPath(`settings-webhook-http-${size.width}.png`) })
  }

  // The engine refuses it too, naming the field, whatever the page let through.
  const token = new URL(app.openUrl).hash.replace(/^#token=/, '')
  const res = await fetch(`${app.url}/api/invoke/settings.update`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-host-token': token }, body: JSON.stringify({ publicWebhookUrl: 'http://hooks.example.com/in' }) })
  expect(await res.json()).toMatchObject({ ok: false, error: { code: 'invalid_input', details: { publicWebhookUrl: ['Must use https://: the service posts each job’s results to this address'] } } })
  await page.reload()
  await page.getByTestId('nav-settings').click()
  await expect(page.getByTestId('setting-publicWebhookUrl')).toHaveValue('')
  await expect(page.getByText(/webhooks public/)).toHaveCount(0)

  // An https one is taken.
  await page.getByTestId('setting-publicWebhookUrl').fill('https://hooks.example.com/in')
  await expect(page.getByTestId('save-connection')).toBeEnabled()
})
