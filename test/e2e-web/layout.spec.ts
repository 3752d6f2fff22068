// At 1024 px the sidebar shows the app's name and the whole balance inside its edge, and
// a toast never covers the Queue's buttons.
import type { Locator } from '@playwright/test'
import { test, expect } from './app-host'
import { LIVE_KEY, saveKey, setBaseUrl, startLiveService, type LiveService } from './live-service'

test.use({ viewport: { width: 1024, height: 700 } })

let live: LiveService

// A large balance: the one that used to be cut off ('99,997,651 cred…').
test.beforeAll(async () => {
  live = await startLiveService(99_997_651)
})

test.afterAll(async () => {
  await live?.close()
})

async function box(locator: Locator) {
  const b = await locator.boundingBox()
  if (!b) throw new Error('not visible')
  return b
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

test('the sidebar keeps its name and balance inside, and toasts leave the Queue buttons free', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await setBaseUrl(page, live.sim.url)
  await saveKey(page, LIVE_KEY)
  await expect(page.getByTestId('key-status')).toContainText('Connected')
  const sidebar = await box(page.locator('.sidebar'))
  const right = sidebar.x + sidebar.width
  const value = page.getByTestId('credits-value')
  await expect(value).toContainText('99,997,651')
  await expect(value).toContainText('credits')
  const valueBox = await box(value)
  expect(valueBox.x + valueBox.width).toBeLessThanOrEqual(right)
  expect(await value.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  const name = await box(page.locator('.brand-name'))
  expect(name.x + name.width).toBeLessThanOrEqual(right)
  expect(await page.locator('.brand-name').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)

  await page.getByTestId('nav-create').click()
  await page.getByTestId('model-select').selectOption('i1-1')
  await page.getByTestId('prompt-input').fill('a heron in the reeds #hold')
  await page.getByTestId('submit-job').click()
  await page.getByTestId('nav-queue').click()
  const cancel = page.getByTestId('job-row').first().getByTestId('job-cancel')
  await expect(cancel).toBeVisible()
  await expect(page.getByTestId('toast').first()).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('queue-1024.png') })
  const cancelBox = await box(cancel)
  for (const toast of await page.getByTestId('toast').all()) expect(overlaps(cancelBox, await box(toast))).toBe(false)
  await cancel.click()
  await expect(page.getByTestId('job-row').first()).toHaveAttribute('data-status', 'CANCELLED')
  live.sim.releaseJobs()
})
