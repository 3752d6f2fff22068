// Spend shows what a finished job cost, per day and per model, for my jobs and the
// team's (the demo account is its team's owner), and exports the figures as CSV; the
// Queue switches to the team's jobs the same way.
import { readFile } from 'node:fs/promises'
import { test, expect } from './app-host'

test('spend per day and per model, the team switch, and the CSV export', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await page.getByTestId('nav-create').click()
  await page.getByTestId('model-select').selectOption('i1-1')
  await page.getByTestId('prompt-input').fill('a compass on an old map')
  await page.getByTestId('submit-job').click()
  await page.getByTestId('nav-queue').click()
  await expect(page.getByTestId('job-row').first()).toHaveAttribute('data-status', 'COMPLETED', { timeout: 60_000 })

  await page.getByTestId('nav-spend').click()
  const totals = page.getByTestId('spend-totals')
  await expect(totals).toContainText(/Spent\s*[1-9][\d,]* credits?/)
  await expect(page.getByTestId('spend-models')).toContainText('i1-1')
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('spend.png'), fullPage: true })

  await page.getByRole('tab', { name: "Team’s jobs" }).click()
  await expect(page.getByRole('tab', { name: "Team’s jobs" })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByTestId('spend-models')).toContainText('i1-1')

  const download = page.waitForEvent('download')
  await page.getByTestId('spend-export').click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^mediagen-spend-team-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = await readFile((await file.path())!, 'utf8')
  expect(csv.split('\r\n')[0]).toBe('date,spent,refunded,jobs,balance')
  expect(csv).toMatch(/\r\ni1-1,[1-9]\d*,0,1\r\n/)

  // The Queue has the same switch: the team's jobs, as the service lists them.
  await page.getByTestId('nav-queue').click()
  await page.getByTestId('queue-scope-team').click()
  await expect(page.getByTestId('team-job')).toHaveCount(1)
  await expect(page.getByTestId('team-jobs')).toContainText('i1-1')
  await page.getByTestId('queue-scope-mine').click()
  await expect(page.getByTestId('job-row')).toHaveCount(1)
})
