// A job that costs more than the team has is not sent: Generate is disabled and says both
// figures, instead of letting the service answer 402.
import { test, expect } from './app-host'
import { setDemoCredits } from './demo-service'

test('Generate is disabled, with the cost and the balance, when the credits are short', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await setDemoCredits(app, 2)
  // The balance is read when the page loads.
  await page.reload()
  await page.getByTestId('nav-create').click()
  await page.getByTestId('model-select').selectOption('i1-1')
  await page.getByTestId('prompt-input').fill('a lighthouse at dusk')
  await expect(page.getByTestId('cost-short')).toHaveText('Not enough credits: this job costs 3 credits and the team has 2 credits.')
  await expect(page.getByTestId('submit-job')).toBeDisabled()
  await expect(page.getByTestId('cost-breakdown')).toHaveText('flat price per job')
  // Ctrl+Enter does not send it either.
  await page.getByTestId('prompt-input').press('Control+Enter')
  await page.getByTestId('nav-queue').click()
  await expect(page.getByTestId('job-row')).toHaveCount(0)
})
