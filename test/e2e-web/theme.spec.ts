// The theme switch: Light and Dark hold after a reload (the setting is saved by the
// engine), and System follows the system's colour scheme.
import type { Page } from '@playwright/test'
import { test, expect } from './app-host'

function background(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.body).backgroundColor)
}

test('light, dark and system themes', async ({ page, app }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto(app.openUrl)
  await page.getByTestId('nav-settings').click()
  await expect(page.getByTestId('theme-dark')).toBeChecked()
  expect(await background(page)).toBe('rgb(14, 16, 20)')

  await page.getByText('Light', { exact: true }).click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  await expect.poll(() => background(page)).toBe('rgb(244, 245, 248)')
  await page.getByTestId('theme-choice').scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath('settings-light.png') })

  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  await page.getByTestId('nav-settings').click()
  await page.getByText('System', { exact: true }).click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'system')
  await expect.poll(() => background(page)).toBe('rgb(14, 16, 20)')
  await page.emulateMedia({ colorScheme: 'light' })
  await expect.poll(() => background(page)).toBe('rgb(244, 245, 248)')
})
