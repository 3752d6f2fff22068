// A new user with no key: the app is in demo mode, a prompt is submitted, its progress
// is shown, and the saved output appears in the gallery — the real renderer in Chromium
// against the real engine through the Node host.
import { test, expect } from './app-host'
import { releaseHeldJobs } from './demo-service'

test('a new user generates an image in demo mode and finds it saved in the gallery', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await expect(page.getByTestId('demo-banner')).toBeVisible()
  // The token moved from the address bar into the session.
  expect(page.url()).not.toContain('token=')

  await page.getByTestId('nav-create').click()
  await page.getByTestId('model-select').selectOption('i1-1')
  // `#hold` stops the demo job at its first progress step until it is released, so the
  // running state is on screen for as long as the test needs to see it.
  await page.getByTestId('prompt-input').fill('a lighthouse on a cliff at dusk, oil painting #hold')
  await expect(page.getByTestId('submit-job')).toBeEnabled()
  await page.getByTestId('submit-job').click()

  await page.getByTestId('nav-queue').click()
  const row = page.getByTestId('job-row').first()
  await expect(row).toBeVisible()
  // Progress is shown while it runs: the app learns of it from its own polls, which are
  // slow while webhooks are on, hence the long wait.
  await expect(row).toHaveAttribute('data-status', 'PROCESSING', { timeout: 60_000 })
  await expect(row.getByTestId('job-progress')).toHaveText(/^[1-9]\d?%$/)
  // Then the job completes and its output is saved.
  expect(await releaseHeldJobs(app)).toBe(1)
  await expect(row).toHaveAttribute('data-status', 'COMPLETED', { timeout: 60_000 })
  await expect(row.getByTestId('job-progress')).toHaveCount(0)
  await expect(row.getByTestId('job-saving')).toContainText(/saved/i, { timeout: 60_000 })

  await page.getByTestId('nav-gallery').click()
  const item = page.getByTestId('gallery-item').first()
  await expect(item).toBeVisible()
  await item.click()
  const img = page.locator('img[data-testid="gallery-media"]')
  await expect(img).toBeVisible()
  // The picture really decoded from the library file (served by the host, not the CDN).
  await expect.poll(() => img.evaluate((el) => (el as unknown as { complete: boolean; naturalWidth: number }).complete && (el as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0)
  expect(await img.getAttribute('src')).toMatch(/^\/library\//)
  await expect(page.getByTestId('detail-prompt')).toContainText('lighthouse')
})

test('the form shows the service\'s validation errors by field before anything is sent', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await page.getByTestId('nav-create').click()
  await page.getByTestId('model-select').selectOption('i14-1')
  await page.getByTestId('prompt-input').fill('x'.repeat(5001))
  await expect(page.locator('[data-testid="field-error"][data-path="prompt"]')).toBeVisible()
  await expect(page.getByTestId('submit-job')).toBeDisabled()
  await page.getByTestId('prompt-input').fill('x'.repeat(5000))
  await expect(page.getByTestId('submit-job')).toBeEnabled()
})
