// Settings → Language in the browser version: German and Japanese apply at once, hold after
// a reload (the engine keeps the setting), and the longer German words and the Japanese
// text fit the shell and Settings at 1440×900 — no control or label cut off or spilling.
import { test, expect } from './app-host'
import { overflowing } from './overflow'

test('Settings in German and Japanese, at once and after a reload, with nothing cut off', async ({ page, app }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto(app.openUrl)
  await page.getByTestId('nav-settings').click()
  await expect(page.getByTestId('key-status')).toBeVisible()

  for (const [language, title, queue] of [['de', 'Einstellungen', 'Warteschlange'], ['ja', '設定', 'キュー']] as const) {
    await page.getByTestId('language-select').selectOption(language)
    await expect(page.locator('h1.view-title')).toHaveText(title)
    await expect(page.getByTestId('nav-queue')).toHaveText(queue)
    await expect(page.locator('html')).toHaveAttribute('lang', language)
    expect(await overflowing(page), language).toEqual([])
    // The view scrolls within the window: a picture of each screenful, to look at.
    const screens = await page.locator('main.view').evaluate((main) => Math.ceil(main.scrollHeight / main.clientHeight))
    for (let i = 0; i < screens; i++) {
      await page.locator('main.view').evaluate((main, n) => (main.scrollTop = n * main.clientHeight), i)
      await page.screenshot({ path: test.info().outputPath(`settings-${language}-${i + 1}.png`) })
    }
    await page.locator('main.view').evaluate((main) => (main.scrollTop = 0))
  }

  await page.reload()
  await expect(page.getByTestId('nav-settings')).toHaveText('設定')
  await page.getByTestId('language-select').selectOption('system')
  await expect(page.getByTestId('nav-settings')).toHaveText('Settings')
})
