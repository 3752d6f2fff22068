// The README's shots of Create's newer tools, each made through the page as a creator
// would: a locked seed sent × 4, the results' large view, the prompt history and a prompt
// whose wildcards expand into one job per choice.
import type { Page } from '@playwright/test'
import { openCreate, shot, until } from './screenshot-page'

const BATCH_PROMPT = 'an origami fox in a paper forest, studio light, shallow depth of field'
const BATCH_SEED = '421337'
/** Jobs in the batch shot, each with its own seed. */
export const BATCH_COUNT = 4
const MATRIX_PROMPT = 'a paper crane on a wooden desk, soft window light'
/** Seeds per model in the matrix shot: enough columns to fill the width. */
const MATRIX_SEEDS = 4
const WILDCARD_PROMPT = 'a {red|blue|green} kite'

/** Waits until `count` results of `prompt` on Create show their pictures. */
async function resultsShown(page: Page, prompt: string, count: number): Promise<void> {
  const shown = page.getByTestId('result').filter({ hasText: prompt }).filter({ has: page.locator('img[data-testid="result-output"]') })
  await until(`${count} results to show`, async () => (await shown.count()) >= count)
}

/** Waits until the side panel shows a price rather than "Pricing…". */
async function priced(page: Page): Promise<void> {
  await until('the price', async () => /\d credits?$/.test((await page.getByTestId('cost-estimate').textContent()) ?? ''))
}

/** A seed typed (so locked) and × 4 on Generate; the results each show their seed. */
export async function seedsAndBatches(page: Page): Promise<void> {
  await openCreate(page, 'i16-1', BATCH_PROMPT)
  await page.getByTestId('seed-input').fill(BATCH_SEED)
  await page.getByTestId('batch-count').fill(String(BATCH_COUNT))
  await page.getByTestId('submit-job').click()
  await resultsShown(page, BATCH_PROMPT, BATCH_COUNT)
  await priced(page)
  await shot(page, 'seeds-batches')
}

/** Create's results as a grid beside a big preview, the second one picked. */
export async function largeView(page: Page): Promise<void> {
  await page.getByTestId('results-large-view').click()
  await page.getByTestId('results-large-tile').first().waitFor()
  await page.keyboard.press('ArrowRight')
  await page.getByTestId('results-large-preview').locator('img').waitFor()
  await shot(page, 'large-view')
  await page.keyboard.press('Escape')
  await page.getByTestId('results-large').waitFor({ state: 'detached' })
}

/** The prompt tools panel on its History tab, with the prompts sent so far. */
export async function promptHistory(page: Page): Promise<void> {
  await page.getByTestId('prompt-tools').click()
  const panel = page.getByTestId('prompt-panel')
  await panel.getByTestId('history-item').first().waitFor()
  await panel.evaluate((el) => el.scrollIntoView({ block: 'end' }))
  await shot(page, 'prompt-history')
  await page.getByTestId('prompt-tools').click()
  await panel.waitFor({ state: 'detached' })
}

/** One batch again, unlocked: what the later shots show of the form. */
async function resetBatch(page: Page): Promise<void> {
  await page.getByTestId('batch-count').fill('1')
  if ((await page.getByTestId('seed-lock').getAttribute('aria-pressed')) === 'true') await page.getByTestId('seed-lock').click()
}

/** A prompt with `{red|blue|green}`, confirmed as one job per colour. */
export async function wildcards(page: Page): Promise<void> {
  await resetBatch(page)
  await openCreate(page, 'i16-1', WILDCARD_PROMPT)
  await priced(page)
  await page.getByTestId('submit-job').click()
  const dialog = page.getByTestId('matrix-confirm-dialog')
  await dialog.getByTestId('matrix-cost-row').nth(2).waitFor()
  await until('the total', async () => /\d credits?$/.test((await dialog.getByTestId('matrix-total').textContent()) ?? ''))
  await shot(page, 'wildcards')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await dialog.waitFor({ state: 'hidden' })
}

/** One prompt across three models × four seeds, confirmed and filled in. */
export async function matrixRun(page: Page): Promise<boolean> {
  await page.getByTestId('nav-create').click()
  await page.getByTestId('modality-image').click()
  const toggle = page.getByText('Matrix: several models or parameter values × seeds')
  if ((await toggle.count()) === 0) return false
  await page.getByTestId('model-select').selectOption('i3-1')
  await page.getByTestId('prompt-input').fill(MATRIX_PROMPT)
  await toggle.click()
  for (const model of ['i6-1', 'i12-1']) await page.locator(`[data-testid="matrix-model"][data-model="${model}"]`).check()
  await page.getByTestId('matrix-seed-count').fill(String(MATRIX_SEEDS))
  await page.getByTestId('matrix-review').click()
  await page.getByTestId('matrix-confirm').click()
  await page.getByTestId('matrix-confirm-dialog').waitFor({ state: 'hidden' })
  const outputs = page.getByTestId('matrix-run').first().locator('img[data-testid="matrix-output"]')
  await until('the matrix to fill', async () => (await outputs.count()) >= 3 * MATRIX_SEEDS)
  // The run at the top of the view, with a little room above it under the banner.
  await page.getByTestId('matrix-run').first().evaluate((run) => {
    run.scrollIntoView({ block: 'start' })
    let scroller = run.parentElement
    while (scroller && scroller.scrollTop === 0) scroller = scroller.parentElement
    scroller?.scrollBy(0, -16)
  })
  // Only the view's own scroller should move; the window stays put under the app's frame.
  await page.evaluate(() => globalThis.scrollTo(0, 0))
  return true
}
