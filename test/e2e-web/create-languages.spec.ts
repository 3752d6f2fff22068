// Create in German and Japanese, at 1440×900 and at 1024×640: the longer German labels
// and the Japanese text fit the form (a model with choices, numbers, switches, file inputs
// and the seed), the prompt tools and the submit panel; nothing cut off or spilling.
import type { Page } from '@playwright/test'
import { test, expect } from './app-host'
import { overflowing as overflowingIn } from './overflow'

const overflowing = (page: Page) => overflowingIn(page, { within: 'main.view *' })

const LANGUAGES = [['de', 'Erstellen', 'Seitenverhältnis'], ['ja', '作成', 'アスペクト比']] as const
const SIZES = [{ width: 1440, height: 900 }, { width: 1024, height: 640 }]

test('Create in German and Japanese, on a model with every kind of field, fits at 1440×900 and 1024×640', async ({ page, app }) => {
  test.setTimeout(180_000)
  await page.setViewportSize(SIZES[0]!)
  await page.goto(app.openUrl)
  for (const [language, title, ratio] of LANGUAGES) {
    await page.getByTestId('nav-settings').click()
    await page.getByTestId('language-select').selectOption(language)
    await expect(page.locator('html')).toHaveAttribute('lang', language)
    await page.getByTestId('nav-create').click()
    await expect(page.locator('h1.view-title')).toHaveText(title)
    await page.getByTestId('modality-image').click()
    await page.getByTestId('model-select').selectOption('i3-4')
    await page.getByTestId('prompt-input').fill('a lighthouse on a cliff at dawn, oil painting')
    await expect(page.getByTestId('params-form')).toContainText(ratio)
    await page.getByTestId('batch-count').fill('3')
    for (const size of SIZES) {
      await page.setViewportSize(size)
      await expect.poll(() => overflowing(page), `${language} at ${size.width}`).toEqual([])
      await page.locator('main.view').evaluate((main) => (main.scrollTop = 0))
      await page.screenshot({ path: test.info().outputPath(`create-${language}-${size.width}.png`) })
      await page.locator('main.view').evaluate((main) => (main.scrollTop = main.scrollHeight))
      await page.screenshot({ path: test.info().outputPath(`create-${language}-${size.width}-end.png`) })
    }
    await page.setViewportSize(SIZES[0]!)
    await page.getByTestId('prompt-tools').click()
    await page.getByTestId('prompt-tab-styles').click()
    await expect.poll(() => overflowing(page), `${language}: prompt tools`).toEqual([])
    await page.screenshot({ path: test.info().outputPath(`create-${language}-prompt-tools.png`) })
    await page.getByTestId('prompt-tools').click()
    await page.getByTestId('batch-count').fill('1')
  }
})
