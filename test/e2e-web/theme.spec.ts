// The theme switch: Light and Dark hold after a reload (the setting is saved by the
// engine), and System follows the system's colour scheme.
import { test, expect } from './app-host'

const DARK_BG = 'rgb(14, 16, 20)'
const LIGHT_BG = 'rgb(244, 245, 248)'

test('light, dark and system themes', async ({ page, app }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto(app.openUrl)
  const body = page.locator('body')
  await page.getByTestId('nav-settings').click()
  await expect(page.getByTestId('theme-dark')).toBeChecked()
  await expect(body).toHaveCSS('background-color', DARK_BG)

  await page.getByText('Light', { exact: true }).click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  await expect(body).toHaveCSS('background-color', LIGHT_BG)
  await page.getByTestId('theme-choice').scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath('settings-light.png') })

  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  await page.getByTestId('nav-settings').click()
  await page.getByText('System', { exact: true }).click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'system')
  await expect(body).toHaveCSS('background-color', DARK_BG)
  await page.emulateMedia({ colorScheme: 'light' })
  await expect(body).toHaveCSS('background-color', LIGHT_BG)
})
