// Create through the host and the demo service: with the Matrix panel open Generate and
// Ctrl+Enter send the matrix, priced in full beside the button; × N sends N jobs with N
// seeds, each result showing its seed; a prompt's wildcards make one job per prompt.
import type { Page } from '@playwright/test'
import { test, expect } from './app-host'

async function openCreate(page: Page, openUrl: string, model: string, prompt: string) {
  await page.setViewportSize({ width: 1400, height: 1000 })
  await page.goto(openUrl)
  await page.getByTestId('nav-create').click()
  await page.getByTestId('model-select').selectOption(model)
  await page.getByTestId('prompt-input').fill(prompt)
}

test('with the Matrix panel open, Generate and Ctrl+Enter send the matrix, priced in full', async ({ page, app }) => {
  test.setTimeout(180_000)
  await openCreate(page, app.openUrl, 'i3-1', 'a lighthouse on a cliff at dawn')
  await expect(page.getByTestId('cost-estimate')).toHaveText('8 credits')
  await page.getByText('Matrix: several models or parameter values × seeds').click()
  await page.getByTestId('matrix-seed-count').fill('3')
  await expect(page.getByTestId('cost-label')).toHaveText('Matrix total')
  await expect(page.getByTestId('cost-estimate')).toHaveText('24 credits')
  await expect(page.getByTestId('cost-breakdown')).toHaveText('3 jobs × 8 = 24 credits')
  await page.screenshot({ path: test.info().outputPath('matrix-total.png') })

  await page.getByTestId('prompt-input').press('Control+Enter')
  const dialog = page.getByTestId('matrix-confirm-dialog')
  await expect(dialog.getByTestId('matrix-cost-row')).toHaveCount(3)
  await expect(dialog.getByTestId('matrix-total')).toHaveText('24 credits')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()

  await page.getByTestId('submit-job').click()
  await expect(dialog.getByTestId('matrix-total')).toHaveText('24 credits')
  await dialog.getByTestId('matrix-confirm').click()
  const run = page.getByTestId('matrix-run')
  await expect(run.getByTestId('matrix-cell')).toHaveCount(3)
  // The matrix's three jobs, and no single job besides.
  await page.getByTestId('nav-queue').click()
  await expect(page.getByTestId('job-row')).toHaveCount(3)
})

test('× 3 sends three jobs with three seeds, each result shows its seed, and Reuse seed brings one back', async ({ page, app }) => {
  test.setTimeout(180_000)
  await openCreate(page, app.openUrl, 'i3-1', 'a red fox in the snow')
  await page.getByTestId('seed-input').fill('500')
  await expect(page.getByTestId('seed-lock')).toHaveAttribute('aria-pressed', 'true')
  await page.getByTestId('batch-count').fill('3')
  await expect(page.getByTestId('cost-estimate')).toHaveText('24 credits')
  await expect(page.getByTestId('submit-job')).toHaveText('Generate × 3')
  await page.screenshot({ path: test.info().outputPath('batch-dark.png') })
  await page.getByTestId('nav-settings').click()
  await page.getByText('Light', { exact: true }).click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  await page.getByTestId('nav-create').click()
  await page.getByTestId('seed-input').scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath('batch-light.png') })

  await page.getByTestId('submit-job').click()
  const seeds = page.getByTestId('result-seed')
  await expect(seeds).toHaveCount(3)
  await expect.poll(async () => (await seeds.allTextContents()).map((t) => t.replace(/\D/g, '')).sort()).toEqual(['500', '501', '502'])
  // Locked: the seed stays for the next run.
  await expect(page.getByTestId('seed-input')).toHaveValue('500')
  await page.getByTestId('seed-input').fill('')
  await page.getByTestId('result-seed').filter({ hasText: '502' }).getByTestId('reuse-seed').click()
  await expect(page.getByTestId('seed-input')).toHaveValue('502')
  await page.screenshot({ path: test.info().outputPath('batch-results.png'), fullPage: true })

  // Kept across a reload: the lock and N.
  await page.reload()
  await page.getByTestId('nav-create').click()
  await expect(page.getByTestId('batch-count')).toHaveValue('3')
  await expect(page.getByTestId('seed-lock')).toHaveAttribute('aria-pressed', 'true')
})

test('a prompt with wildcards is confirmed as one job per prompt', async ({ page, app }) => {
  test.setTimeout(120_000)
  await openCreate(page, app.openUrl, 'i1-1', 'a {red|blue} kite over __places__')
  await expect(page.getByTestId('cost-estimate')).toHaveText('Prompt: there is no saved list named __places__')
  await expect(page.getByTestId('submit-job')).toBeDisabled()
  await page.getByTestId('wildcard-open').click()
  const lists = page.getByTestId('wildcard-dialog')
  await lists.getByTestId('wildcard-new').click()
  await lists.getByTestId('wildcard-name').fill('places')
  await lists.getByTestId('wildcard-lines').fill('the sea\nthe hills')
  await lists.getByTestId('wildcard-save').click()
  await page.screenshot({ path: test.info().outputPath('wildcard-lists.png') })
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('cost-label')).toHaveText('Total, one job per prompt')
  await expect(page.getByTestId('cost-estimate')).toHaveText('12 credits')
  await page.getByTestId('submit-job').click()
  const dialog = page.getByTestId('matrix-confirm-dialog')
  // The title says what is sent, all of it readable.
  const title = dialog.getByRole('heading', { name: 'Send “a {red|blue} kite over __places__” · 1 model × 4 prompts × 1 seed?' })
  await expect(title).toBeVisible()
  expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)).toBe(true)
  await expect(dialog.getByTestId('matrix-cost-row').locator('th')).toHaveText(['“a red kite over the sea”', '“a red kite over the hills”', '“a blue kite over the sea”', '“a blue kite over the hills”'])
  await page.screenshot({ path: test.info().outputPath('wildcard-confirm.png') })
})

test('unset fields show the default the service uses, as the price does', async ({ page, app }) => {
  await page.setViewportSize({ width: 1400, height: 1000 })
  await page.goto(app.openUrl)
  await page.getByTestId('nav-create').click()
  await page.getByTestId('modality-music').click()
  await page.getByTestId('prompt-input').fill('a calm piano piece')
  const duration = page.locator('.field', { has: page.getByText('Duration (seconds)', { exact: true }) })
  await expect(duration.getByTestId('range-slider')).toHaveValue('30')
  await expect(duration.getByTestId('default-mark')).toHaveText('default')
  await expect(page.getByTestId('cost-breakdown')).toContainText('30 s ×')
  await page.screenshot({ path: test.info().outputPath('music-defaults.png') })
  await page.getByTestId('modality-image').click()
  await page.getByTestId('model-select').selectOption('i3-1')
  await page.screenshot({ path: test.info().outputPath('image-defaults.png'), fullPage: true })

  // Ten aspect ratios: found by typing, only a listed one taken.
  await page.getByTestId('model-select').selectOption('i12-1')
  const ratio = page.getByRole('combobox', { name: 'Aspect ratio' })
  await ratio.fill('21')
  await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['21:9'])
  await ratio.fill('16')
  await page.screenshot({ path: test.info().outputPath('ratio-search.png') })
  await ratio.press('Enter')
  await expect(ratio).toHaveValue('16:9')
  await expect(ratio.locator('xpath=ancestor::div[contains(@class,"field")][1]').getByRole('button', { name: 'Reset' })).toBeVisible()
})
