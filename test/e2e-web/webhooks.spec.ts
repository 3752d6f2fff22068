// Settings' webhook health: the self-check calls the address the service is given and
// sees the request arrive at the app's listener.
import { test, expect } from './app-host'

test('the webhook check reaches the listener', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await page.getByTestId('nav-settings').click()
  await expect(page.getByTestId('webhook-health')).toContainText('On, local')
  await expect(page.getByTestId('webhook-rejected')).toHaveText('0')
  await page.getByTestId('webhook-check').click()
  await expect(page.getByTestId('webhook-check-result')).toContainText(/reached the listener in \d+ ms/)
  await page.getByTestId('webhook-health').scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath('settings-webhooks.png') })
})
