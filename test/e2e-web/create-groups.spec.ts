// One send, one group, in the browser: a batch of 4 shows as one 2 × 2 group that fits a
// 1440 × 900 window with its actions (and the "Submitted" toast beside it, not over it);
// the large view opens from the group and steps through its four; a hundred groups scroll
// in a virtualized list; the matrix takes the form's model each time it changes.
import type { Locator, Page } from '@playwright/test'
import { test, expect } from './app-host'
import { setDemoCredits } from './demo-service'
import { invoke } from './host-api'

async function openCreate(page: Page, openUrl: string, width: number, height: number) {
  await page.setViewportSize({ width, height })
  await page.goto(openUrl)
  await page.getByTestId('nav-create').click()
}

async function box(locator: Locator) {
  const b = await locator.boundingBox()
  if (!b) throw new Error('not laid out')
  return b
}

/** Whether `a` lies wholly left or right of `b`. */
const besides = (a: { x: number; width: number }, b: { x: number; width: number }) => a.x + a.width <= b.x || b.x + b.width <= a.x

async function shoot(page: Page, name: string) {
  await page.evaluate("document.documentElement.dataset.theme = 'dark'")
  await page.screenshot({ path: test.info().outputPath(`${name}-dark.png`), animations: 'disabled' })
  await page.evaluate("document.documentElement.dataset.theme = 'light'")
  await page.screenshot({ path: test.info().outputPath(`${name}-light.png`), animations: 'disabled' })
  await page.evaluate("document.documentElement.dataset.theme = 'dark'")
}

test('a batch of 4 is one group that fits the window with its actions, and the large view steps through it', async ({ page, app }) => {
  test.setTimeout(180_000)
  await openCreate(page, app.openUrl, 1440, 900)
  await page.getByTestId('model-select').selectOption('i3-1')
  await page.getByTestId('prompt-input').fill('a lighthouse on a cliff at dawn')
  // One job first: the toast that says it was sent stands beside the results' column, so
  // it covers no result however tall the column grows.
  await page.getByTestId('submit-job').click()
  const submitted = page.getByTestId('toast').filter({ hasText: 'Submitted to' })
  await expect(submitted).toBeVisible()
  expect(besides(await box(submitted), await box(page.getByTestId('results')))).toBe(true)

  await page.getByTestId('seed-input').fill('500')
  await page.getByTestId('batch-count').fill('4')
  await page.getByTestId('submit-job').click()

  const group = page.getByTestId('result-group')
  await expect(group).toHaveCount(1)
  await expect(group.getByTestId('result')).toHaveCount(4)
  await expect(group.getByTestId('result-group-prompt')).toHaveText('a lighthouse on a cliff at dawn')
  await expect(group.getByTestId('result-group-facts')).toContainText('Seeds 500, 501, 502, 503')
  const toast = page.getByTestId('toast').filter({ hasText: 'Submitted 4 jobs' })
  await expect(toast).toBeVisible()
  expect(besides(await box(toast), await box(page.getByTestId('results')))).toBe(true)
  await expect(group.locator('img[data-testid="result-output"]')).toHaveCount(4, { timeout: 90_000 })
  await expect(group.getByTestId('result-group-cost')).toHaveText('32 credits in all', { timeout: 30_000 })

  // The whole group, its four pictures and the actions on the one picked, in the window.
  const actions = group.getByTestId('result-group-actions')
  await expect(actions.getByTestId('result-run-again')).toBeVisible()
  const whole = await box(group)
  expect(whole.y).toBeGreaterThanOrEqual(0)
  expect(whole.y + whole.height).toBeLessThanOrEqual(900)
  for (const img of await group.locator('img[data-testid="result-output"]').all()) {
    const b = await box(img)
    expect(b.y + b.height).toBeLessThanOrEqual(900)
  }
  await shoot(page, 'group-1440')

  // Picking a tile moves the actions to it.
  await group.getByTestId('result-pick').nth(2).click()
  await expect(actions).toContainText('Result 3 of 4')

  await group.getByTestId('result-group-large').click()
  const position = page.getByTestId('results-large-position')
  await expect(position).toHaveText('3 of 4')
  await expect(page.getByTestId('results-large-tile')).toHaveCount(4)
  await page.keyboard.press('ArrowRight')
  await expect(position).toHaveText('4 of 4')
  await page.keyboard.press('Home')
  await expect(position).toHaveText('1 of 4')
  await expect(page.getByTestId('results-large-preview').locator('img')).toBeVisible()
  await shoot(page, 'large-view-from-group-1440')
  // Two of the group side by side.
  await page.getByTestId('results-large-pick').nth(0).check()
  await page.getByTestId('results-large-pick').nth(1).check()
  await page.getByTestId('results-large-compare').click()
  await expect(page.getByTestId('compare-dialog')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('compare-dialog')).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('results-large')).toHaveCount(0)

  await page.setViewportSize({ width: 1024, height: 640 })
  await group.scrollIntoViewIfNeeded()
  await shoot(page, 'group-1024')
})

test('a hundred groups scroll in a list that draws only those in view', async ({ page, app }) => {
  test.setTimeout(240_000)
  await setDemoCredits(app, 1_000_000)
  const sent: string[] = []
  const groups: Record<string, string> = {}
  for (let i = 0; i < 100; i++) {
    const answers = await invoke<{ ok: boolean; job: { localId: string } }[]>(app, 'jobs.submitConfirmed', {
      jobs: [0, 1].map((n) => ({ request: { model: 'i3-1', prompt: `group ${i}: a paper boat`, i3Params: { seed: i * 10 + n } } }))
    })
    if (!answers.every((a) => a.ok)) throw new Error(JSON.stringify(answers))
    const ids = answers.map((a) => a.job.localId)
    // Newest first, each send's jobs in the order sent, as the page keeps them.
    sent.unshift(...ids)
    for (const id of ids) groups[id] = `send-${i}`
  }
  await page.addInitScript(
    (saved) => {
      localStorage.setItem('mediagen:session-jobs', saved.sent)
      localStorage.setItem('mediagen:session-groups', saved.groups)
    },
    { sent: JSON.stringify(sent), groups: JSON.stringify(groups) }
  )
  await openCreate(page, app.openUrl, 1440, 900)
  const scroller = page.getByTestId('results-scroll')
  await expect(page.getByTestId('result-group-prompt').first()).toHaveText('group 99: a paper boat')
  // Only a screenful and a little more is drawn.
  expect(await page.getByTestId('result-group').count()).toBeLessThan(12)
  await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight / 2 }))
  await expect(page.getByTestId('result-group-prompt').filter({ hasText: /^group (4|5)\d:/ }).first()).toBeVisible()
  await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
  await expect(page.getByTestId('result-group-prompt').filter({ hasText: 'group 0: a paper boat' })).toBeVisible()
  expect(await page.getByTestId('result-group').count()).toBeLessThan(12)
  await shoot(page, 'groups-100-scrolled-1440')
  await page.setViewportSize({ width: 1024, height: 640 })
  await scroller.scrollIntoViewIfNeeded()
  await shoot(page, 'groups-100-scrolled-1024')
})

test('the matrix takes the form’s model each time it opens, and while it is open', async ({ page, app }) => {
  await openCreate(page, app.openUrl, 1440, 900)
  await page.getByTestId('model-select').selectOption('i3-1')
  await page.getByTestId('prompt-input').fill('a red kite')
  const toggle = page.getByText('Matrix: several models or parameter values × seeds')
  const row = (id: string) => page.locator(`[data-testid="matrix-model"][data-model="${id}"]`)
  await toggle.click()
  await expect(row('i3-1')).toBeChecked()
  // The form switches model with the matrix open: the matrix follows.
  await page.getByTestId('model-select').selectOption('i4-1')
  await expect(row('i4-1')).toBeChecked()
  await expect(row('i3-1')).not.toBeChecked()
  // Closed, switched, opened again: the form's model once more.
  await toggle.click()
  await page.getByTestId('model-select').selectOption('i12-1')
  await toggle.click()
  await expect(row('i12-1')).toBeChecked()
  await expect(row('i4-1')).not.toBeChecked()
  await page.getByTestId('matrix-review').click()
  const dialog = page.getByTestId('matrix-confirm-dialog')
  await expect(dialog.getByTestId('matrix-cost-row')).toHaveCount(2)
  await expect(dialog).not.toContainText('not sent')
  await expect(dialog).not.toContainText('I4')
})
