// Create's results in the browser: a large view to look through them with the keyboard,
// Upscale straight from a result, and the prompt history, saved prompts and styles.
import type { Page } from '@playwright/test'
import { test, expect } from './app-host'

async function generate(page: Page, prompt: string, count: number) {
  await page.getByTestId('prompt-input').fill(prompt)
  await page.getByTestId('submit-job').click()
  await expect(page.locator('[data-testid="result"] img[data-testid="result-output"]')).toHaveCount(count, { timeout: 60_000 })
}

test('the large view steps through the results with the keyboard, and a result goes on to Upscale', async ({ page, app }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto(app.openUrl)
  await page.getByTestId('nav-create').click()
  await page.getByTestId('model-select').selectOption('i1-1')
  await generate(page, 'a lighthouse at dusk', 1)
  await generate(page, 'a harbour at dawn', 2)
  await page.getByTestId('result').first().screenshot({ path: test.info().outputPath('result-card.png') })

  await page.getByTestId('results-large-view').click()
  const tiles = page.getByTestId('results-large-tile')
  await expect(tiles).toHaveCount(2)
  await expect(tiles.first()).toBeFocused()
  await expect(page.getByTestId('results-large-position')).toHaveText('1 of 2')
  await expect(page.getByTestId('results-large-preview').locator('img')).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('large-view-dark.png') })
  await page.keyboard.press('ArrowRight')
  await expect(page.getByTestId('results-large-position')).toHaveText('2 of 2')
  await expect(tiles.nth(1)).toBeFocused()
  await expect(page.getByTestId('results-large-preview').locator('img')).toHaveAttribute('alt', 'a lighthouse at dusk')
  // What the Light setting does, without leaving the view to change it.
  await page.evaluate("document.documentElement.dataset.theme = 'light'")
  await page.screenshot({ path: test.info().outputPath('large-view-light.png'), animations: 'disabled' })
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('results-large')).toHaveCount(0)
  await expect(page.getByTestId('results-large-view')).toBeFocused()

  // Upscale from the newest result, priced in its actions, sent from there: the upscale joins the results.
  await page.getByTestId('result').first().getByTestId('result-actions-open').click()
  await expect(page.getByTestId('action-upscale-2').getByTestId('action-price')).toHaveText(/\d+ credits?/)
  await page.getByTestId('action-upscale-2').click()
  await expect(page.getByTestId('result').first()).toContainText('u1-1')
  await expect(page.getByTestId('result').first()).toHaveAttribute('data-status', 'COMPLETED', { timeout: 60_000 })
})

test('a prompt sent is in the history after a reload, and a style goes into the prompt and out again', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await page.getByTestId('nav-create').click()
  await page.getByTestId('model-select').selectOption('i10-1')
  await generate(page, 'a fox in the snow', 1)
  await page.reload()

  await page.getByTestId('prompt-input').fill('')
  await page.getByTestId('prompt-tools').click()
  const panel = page.getByTestId('prompt-panel')
  await expect(panel.getByTestId('history-item')).toHaveCount(1)
  await panel.getByTestId('history-use').click()
  await expect(page.getByTestId('prompt-input')).toHaveValue('a fox in the snow')

  await panel.getByTestId('prompt-tab-styles').click()
  await panel.getByTestId('style-name').fill('Watercolour')
  await panel.getByTestId('style-fragment').fill('watercolour, soft edges')
  await panel.getByTestId('style-add').click()
  await panel.getByTestId('style-name').fill('No blur')
  await panel.getByTestId('style-fragment').fill('blurry')
  await panel.getByRole('radio', { name: 'Negative prompt' }).click()
  await panel.getByTestId('style-add').click()
  await panel.getByTestId('style-apply').first().click()
  await panel.getByTestId('style-apply').nth(1).click()
  await expect(page.getByTestId('prompt-input')).toHaveValue('a fox in the snow, watercolour, soft edges')
  await expect(page.getByLabel('Negative prompt')).toHaveValue('blurry')
  await panel.scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath('prompt-styles-dark.png') })
  await page.evaluate("document.documentElement.dataset.theme = 'light'")
  await page.screenshot({ path: test.info().outputPath('prompt-styles-light.png'), animations: 'disabled' })
  await panel.getByTestId('style-apply').first().click()
  await expect(page.getByTestId('prompt-input')).toHaveValue('a fox in the snow')

  await page.keyboard.press('Escape')
  await expect(panel).toHaveCount(0)
  await expect(page.getByTestId('prompt-tools')).toBeFocused()
})
