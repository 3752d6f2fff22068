// A legacy video plays where it was asked for: once saved, the card beside the legacy form
// holds a player of the library's copy, which loads and plays without leaving the view.
import { test, expect } from './app-host'

interface VideoElement { readyState: number; duration: number; currentTime: number; muted: boolean; play(): Promise<void> }

test('the legacy result plays in place', async ({ page, app }) => {
  test.setTimeout(180_000)
  await page.goto(app.openUrl)
  await page.getByTestId('nav-legacy').click()
  await page.getByTestId('legacy-model').selectOption('lv-b')
  await page.locator('#legacy-prompt').fill('a slow pan across a misty valley')
  await page.getByTestId('submit-job').click()

  const card = page.getByTestId('live-job').first()
  const video = card.locator('video[data-testid="result-output"]')
  await expect(video).toBeVisible({ timeout: 150_000 })
  await expect(video).toHaveAttribute('controls', '')
  await expect.poll(() => video.evaluate((el) => (el as unknown as VideoElement).readyState), { timeout: 30_000 }).toBeGreaterThanOrEqual(1)
  await video.evaluate((el) => {
    const v = el as unknown as VideoElement
    v.muted = true
    return v.play()
  })
  await expect.poll(() => video.evaluate((el) => (el as unknown as VideoElement).currentTime)).toBeGreaterThan(0.2)
  await expect(page.getByTestId('view-legacy')).toBeVisible()
  for (const size of [{ width: 1440, height: 900 }, { width: 1024, height: 640 }]) {
    await page.setViewportSize(size)
    await card.scrollIntoViewIfNeeded()
    await page.screenshot({ path: test.info().outputPath(`legacy-player-${size.width}.png`) })
  }
})
