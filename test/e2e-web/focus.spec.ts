// Keyboard focus goes where the user is going: the skip link past the navigation into the
// view, a model picked in the palette to its prompt, and a closed viewer back to the tile or
// result that opened it.
import type { Page } from '@playwright/test'
import { test, expect } from './app-host'
import { SEEDED_PROMPTS, seedContent } from './seed-content'

/** What has focus, by test id (or tag and id), for messages that say where focus went. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    // This file is type-checked for Node, so the page's document is reached through globalThis.
    interface Focused {
      tagName: string
      id: string
      getAttribute(name: string): string | null
    }
    const { document } = globalThis as unknown as { document: { activeElement: Focused | null; body: Focused } }
    const el = document.activeElement
    if (!el || el === document.body) return 'body'
    return el.getAttribute('data-testid') ?? `${el.tagName.toLowerCase()}#${el.id}`
  })
}

test('the first Tab shows the skip link, and Enter on it starts the Tab order at the view', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await page.getByTestId('nav-gallery').click()
  // The view is kept across a reload, which starts with nothing focused.
  await page.reload()
  await expect(page.getByTestId('gallery-search')).toBeVisible()
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to main content' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport({ ratio: 1 })
  await page.screenshot({ path: test.info().outputPath('skip-link.png') })
  await page.keyboard.press('Enter')
  await expect(page.locator('main#main')).toBeFocused()
  await page.keyboard.press('Tab')
  expect(await focused(page)).toBe('gallery-search')
  // The link is out of sight again once focus has left it.
  await expect(skip).not.toBeInViewport()
})

test('a model picked in the palette leaves focus in its prompt', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await page.getByTestId('nav-queue').click()
  await page.keyboard.press('Control+k')
  await page.getByTestId('palette-search').fill('i3 4')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('model-select')).toHaveValue('i3-4')
  await expect.poll(() => focused(page)).toBe('prompt-input')
  // Typing goes on where it left off: straight into the prompt.
  await page.keyboard.type('a fox')
  await expect(page.getByTestId('prompt-input')).toHaveValue('a fox')

  // From Create itself, by the palette's button.
  await page.getByTestId('open-palette').click()
  await page.getByTestId('palette-search').fill('i1 1')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('model-select')).toHaveValue('i1-1')
  await expect.poll(() => focused(page)).toBe('prompt-input')
})

test('Escape in the viewer gives focus back to the tile that opened it', async ({ page, app }) => {
  test.setTimeout(180_000)
  await page.goto(app.openUrl)
  await seedContent(page, app)
  const open = (words: string) => page.getByTestId('gallery-item').filter({ hasText: words }).getByRole('button', { name: /^Open/ })

  await open(SEEDED_PROMPTS[1]!).click()
  await expect(page.getByTestId('gallery-detail')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('gallery-detail')).toBeHidden()
  await expect(open(SEEDED_PROMPTS[1]!)).toBeFocused()

  // Opened from the keyboard and stepped to the next item: focus lands on the item last shown.
  const tileAt = (index: number) => page.locator(`[data-testid="gallery-item"][data-index="${index}"]`).getByRole('button', { name: /^Open/ })
  await tileAt(0).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('detail-position')).toHaveText(/^1 of 4$/)
  await page.keyboard.press('ArrowRight')
  await expect(page.getByTestId('detail-position')).toHaveText(/^2 of 4$/)
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('gallery-detail')).toBeHidden()
  await expect(tileAt(1)).toBeFocused()
})

test('closing a result\'s full-size view gives focus back to the result', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await page.getByTestId('model-select').selectOption('i1-1')
  await page.getByTestId('prompt-input').fill('a kite over the dunes')
  await page.getByTestId('submit-job').click()
  const zoom = page.getByTestId('result-zoom').first()
  await expect(zoom).toBeVisible({ timeout: 60_000 })
  await zoom.click()
  await expect(page.getByTestId('zoom-dialog')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('zoom-dialog')).toBeHidden()
  await expect(zoom).toBeFocused()
})
