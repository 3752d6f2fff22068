// A prompt whose braces nest 20,000 deep is kept in the draft like any other. Create names
// the limit at the prompt instead of failing, and after a restart (the page loaded again
// with the draft it saved) it opens as usable as before: the prompt can be fixed and sent.
import { test, expect } from './app-host'

const DEEP = '{'.repeat(20_000) + '|'
const LIMIT = "wildcards nest at most 16 braces deep, and the '{' at character 17 is one deeper"

test('a 20,000-deep wildcard kept in the draft leaves Create usable after a restart', async ({ page, context, app }) => {
  const crashes: string[] = []
  page.on('pageerror', (e) => crashes.push(e.message))
  await page.goto(app.openUrl)
  await page.getByTestId('nav-create').click()
  await page.getByTestId('prompt-input').fill(DEEP)
  const message = page.locator('[data-testid="field-error"][data-path="prompt.wildcards"]')
  await expect(message).toContainText(LIMIT)
  await expect(page.getByTestId('submit-job')).toBeDisabled()
  // The draft is saved as it is typed, deep prompt and all.
  await expect.poll(() => page.evaluate(() => (localStorage.getItem('mediagen:drafts') ?? '').length)).toBeGreaterThan(20_000)

  // The app starts again: a new page, the same storage.
  await page.close()
  const again = await context.newPage()
  again.on('pageerror', (e) => crashes.push(e.message))
  await again.goto(app.openUrl)
  await again.getByTestId('nav-create').click()
  const prompt = again.getByTestId('prompt-input')
  await expect(prompt).toHaveValue(DEEP)
  await expect(again.locator('[data-testid="field-error"][data-path="prompt.wildcards"]')).toContainText(LIMIT)
  await expect(again.getByTestId('view-failed')).toHaveCount(0)
  await expect(again.getByTestId('draft-failed')).toHaveCount(0)

  await prompt.fill('a {red|blue} kite')
  await expect(again.locator('[data-testid="field-error"][data-path="prompt.wildcards"]')).toHaveCount(0)
  await again.getByTestId('submit-job').click()
  await again.getByTestId('matrix-confirm').click()
  await expect(again.getByTestId('matrix-cell')).toHaveCount(2)
  expect(crashes).toEqual([])
})
