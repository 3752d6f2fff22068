// Room for the results: a batch of 4 is one 2 × 2 group whose four pictures (each at a
// size worth looking at) and whose action row are all inside a 1440 × 900 window, with
// the form and Generate beside them; Vary region's painter keeps its send button in a
// 1024 × 640 window, however tall the picture.
import type { Locator, Page } from '@playwright/test'
import { test, expect } from './app-host'

async function box(locator: Locator) {
  const b = await locator.boundingBox()
  if (!b) throw new Error('not laid out')
  return b
}

/** Whether the box lies wholly inside a window `width` × `height`. */
async function inWindow(locator: Locator, width: number, height: number): Promise<boolean> {
  const b = await box(locator)
  return b.x >= 0 && b.y >= 0 && b.x + b.width <= width && b.y + b.height <= height
}

async function shoot(page: Page, name: string) {
  for (const theme of ['dark', 'light']) {
    await page.evaluate(`document.documentElement.dataset.theme = '${theme}'`)
    await page.screenshot({ path: test.info().outputPath(`${name}-${theme}.png`), animations: 'disabled' })
  }
}

test('a batch of 4 fits a 1440 × 900 window with its actions, and the painter’s send fits 1024 × 640', async ({ page, app }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto(app.openUrl)
  await page.getByTestId('nav-create').click()
  await page.getByTestId('model-select').selectOption('i3-1')
  await page.getByTestId('prompt-input').fill('a lighthouse on a cliff at dawn')
  await page.getByTestId('batch-count').fill('4')
  await page.getByTestId('submit-job').click()

  const group = page.getByTestId('result-group')
  const pictures = group.locator('img[data-testid="result-output"]')
  await expect(pictures).toHaveCount(4, { timeout: 90_000 })
  const actions = group.getByTestId('result-group-actions')
  await expect(actions.getByTestId('result-actions-open')).toBeEnabled({ timeout: 60_000 })
  await page.getByTestId('toast').first().waitFor({ state: 'detached', timeout: 30_000 }).catch(() => undefined)
  for (const picture of await pictures.all()) {
    await expect.poll(() => inWindow(picture, 1440, 900)).toBe(true)
    expect((await box(picture)).height).toBeGreaterThanOrEqual(290)
  }
  expect(await inWindow(actions, 1440, 900)).toBe(true)
  // Generate stays in the window beside the results.
  expect(await inWindow(page.getByTestId('submit-job'), 1440, 900)).toBe(true)
  await shoot(page, 'group-1440x900')
  // At 1280 × 720 the action row wraps onto a second line: the pictures give up the room,
  // so every action is still in the window with them.
  await page.setViewportSize({ width: 1280, height: 720 })
  await expect.poll(() => inWindow(actions, 1280, 720)).toBe(true)
  for (const picture of await pictures.all()) expect(await inWindow(picture, 1280, 720)).toBe(true)
  await shoot(page, 'group-1280x720')
  await page.setViewportSize({ width: 1024, height: 640 })
  await group.scrollIntoViewIfNeeded()
  await shoot(page, 'group-1024x640')

  // Vary region over the picked result, in a small window: the send is on screen.
  await page.setViewportSize({ width: 1024, height: 640 })
  await actions.getByTestId('result-actions-open').click()
  await page.getByTestId('action-vary-region').click()
  const canvas = page.getByTestId('mask-canvas')
  await expect(canvas).toBeVisible()
  const c = await box(canvas)
  await page.mouse.move(c.x + c.width * 0.3, c.y + c.height * 0.3)
  await page.mouse.down()
  for (let i = 1; i <= 8; i++) await page.mouse.move(c.x + c.width * (0.3 + i * 0.04), c.y + c.height * 0.4)
  await page.mouse.up()
  const send = page.getByTestId('region-send')
  await expect(send).toBeEnabled()
  expect(await inWindow(send, 1024, 640)).toBe(true)
  await shoot(page, 'vary-region-1024x640')
  await page.setViewportSize({ width: 1440, height: 900 })
  expect(await inWindow(send, 1440, 900)).toBe(true)
  await shoot(page, 'vary-region-1440x900')
})
