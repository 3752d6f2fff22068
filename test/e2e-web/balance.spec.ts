// The balance follows the service, not the app's last look at it: credits changed behind
// the app's back (a top-up, another device) show in the header and the cost panel when the
// window comes back into focus, and within half a minute while it stays on screen; Generate's
// gate follows both ways.
import { test, expect } from './app-host'
import { setDemoCredits } from './demo-service'

test('credits changed on the service show on focus and on the timer, and Generate follows', async ({ page, app }) => {
  // The page's clock runs as usual until the test moves it on.
  await page.clock.install()
  await page.goto(app.openUrl)
  const header = page.getByTestId('credits-value')
  await expect(header).not.toHaveText('…')
  await page.getByTestId('nav-create').click()
  await page.getByTestId('model-select').selectOption('i1-1')
  await page.getByTestId('prompt-input').fill('a lighthouse at dusk')
  await expect(page.getByTestId('cost-estimate')).toHaveText('3 credits')
  await expect(page.getByTestId('submit-job')).toBeEnabled()

  // Another device spends the team down to 2: the window regains focus and knows it.
  await setDemoCredits(app, 2)
  await page.evaluate("window.dispatchEvent(new Event('focus'))")
  await expect(header).toHaveText('2 credits')
  await expect(page.getByTestId('credits-balance')).toHaveText('2 credits')
  await expect(page.getByTestId('cost-short')).toHaveText('Not enough credits: this job costs 3 credits and the team has 2 credits.')
  await expect(page.getByTestId('submit-job')).toBeDisabled()
  await page.screenshot({ path: test.info().outputPath('balance-short.png') })

  // A top-up, with no focus change: the half-minute timer finds it and lifts the gate.
  await setDemoCredits(app, 40)
  await page.clock.fastForward(30_000)
  await expect(header).toHaveText('40 credits')
  await expect(page.getByTestId('cost-short')).toHaveCount(0)
  await expect(page.getByTestId('submit-job')).toBeEnabled()
  await page.screenshot({ path: test.info().outputPath('balance-topped-up.png') })
})
