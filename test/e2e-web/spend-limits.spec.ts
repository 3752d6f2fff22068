// Spending limits as a user meets them: set in Settings, shown beside Generate ("Today
// 3 / 10"), a send above the ask-first threshold asked about first, a send past the daily
// limit refused with the limit named and nothing sent, and the limits on Spend.
import { test, expect } from './app-host'

test.use({ viewport: { width: 1440, height: 900 } })

test('the daily limit beside Generate, the ask-first step, a refusal naming the limit, and Spend', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await page.getByTestId('nav-settings').click()
  await page.getByTestId('setting-dailyCreditLimit').fill('10')
  await page.getByTestId('setting-askAboveCredits').fill('5')
  await page.getByTestId('save-limits').click()
  await expect(page.getByTestId('toast').last()).toContainText(/Settings saved/)

  await page.getByTestId('nav-create').click()
  await page.getByTestId('model-select').selectOption('i1-1')
  await page.getByTestId('prompt-input').fill('a lighthouse at dusk')
  await expect(page.getByTestId('limit-today')).toHaveText('0 / 10')
  await page.getByTestId('submit-job').click()
  await expect(page.getByTestId('limit-today')).toHaveText('3 / 10')

  // i16-1 costs 16: past what is left today, so refused before it is asked about.
  await page.getByTestId('prompt-input').fill('a compass on an old map')
  await page.getByTestId('model-select').selectOption('i16-1')
  await expect(page.getByTestId('cost-estimate')).toHaveText('16 credits')
  await expect(page.getByTestId('limit-today')).toHaveClass('text-warning')
  await page.getByTestId('submit-job').click()
  await expect(page.getByTestId('toast').last()).toContainText('Daily limit of 10 credits: 3 spent today, this send costs 16 — nothing was sent.')

  // i6-1 costs 6: it fits, above the threshold of 5, so it is asked about first.
  await page.getByTestId('model-select').selectOption('i6-1')
  await expect(page.getByTestId('cost-estimate')).toHaveText('6 credits')
  await page.getByTestId('submit-job').click()
  const asked = page.getByTestId('ask-first')
  await expect(asked.getByTestId('ask-first-message')).toHaveText('This send costs 6 credits, above your ask-first threshold of 5 — send?')
  await page.screenshot({ path: test.info().outputPath('spend-limits-ask.png') })
  await asked.getByTestId('ask-first-send').click()
  await expect(page.getByTestId('limit-today')).toHaveText('9 / 10')

  // 3 credits do not fit the 1 left: marked beside Generate, and refused.
  await page.getByTestId('model-select').selectOption('i1-1')
  await expect(page.getByTestId('cost-estimate')).toHaveText('3 credits')
  await expect(page.getByTestId('limit-today')).toHaveClass('text-warning')
  await page.getByTestId('submit-job').click()
  const refusal = page.getByTestId('toast').last()
  await expect(refusal).toContainText('Daily limit of 10 credits: 9 spent today, this send costs 3 — nothing was sent.')
  await expect(refusal).toHaveCSS('opacity', '1')
  await page.screenshot({ path: test.info().outputPath('spend-limits-create.png') })

  await page.getByTestId('nav-queue').click()
  await expect(page.getByTestId('job-row')).toHaveCount(2)

  await page.getByTestId('nav-spend').click()
  await expect(page.getByTestId('spend-limit-today')).toContainText('9 / 10')
  await expect(page.getByTestId('spend-limit-today')).toContainText('1 credit left')
  await expect(page.getByTestId('spend-limit-ask')).toContainText('5 credits')
  await page.screenshot({ path: test.info().outputPath('spend-limits-spend.png') })
})
