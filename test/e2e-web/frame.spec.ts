// The window holds its frame: on every view, tabbing through every control, switching on
// Create's matrix and wheeling over the sidebar never scroll the document. The banner and
// the navigation stay on screen, and no hidden control makes the page taller than the window.
import type { Page } from '@playwright/test'
import { VIEWS } from '../../src/renderer/stores/navigation'
import { test, expect } from './app-host'
import { seedContent } from './seed-content'

/** How far the document has ever scrolled since the watch began, and how tall it is. */
async function watchDocumentScroll(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { maxDocumentScroll: number }
    w.maxDocumentScroll = 0
    document.addEventListener('scroll', () => {
      w.maxDocumentScroll = Math.max(w.maxDocumentScroll, document.scrollingElement?.scrollTop ?? 0)
    })
  })
}

async function documentFrame(page: Page) {
  return page.evaluate(() => {
    const doc = document.scrollingElement!
    return {
      scrollTop: doc.scrollTop,
      maxScroll: (window as unknown as { maxDocumentScroll: number }).maxDocumentScroll,
      overflow: doc.scrollHeight - doc.clientHeight
    }
  })
}

/** Presses Tab until focus comes round again to where the first press put it (or 300 presses). */
async function tabThroughEverything(page: Page): Promise<number> {
  const focused = () => page.evaluate(() => {
    const el = document.activeElement
    if (!el || el === document.body) return 'body'
    el.setAttribute('data-tab-seen', el.getAttribute('data-tab-seen') ?? String(Math.random()))
    return el.getAttribute('data-tab-seen')
  })
  await page.keyboard.press('Tab')
  const first = await focused()
  for (let presses = 1; presses < 300; presses++) {
    await page.keyboard.press('Tab')
    if ((await focused()) === first) return presses
  }
  return 300
}

test('no view scrolls the document, by keyboard, by switch or by wheel', async ({ page, app }) => {
  test.setTimeout(240_000)
  await page.goto(app.openUrl)
  await seedContent(page, app)
  for (const view of VIEWS) {
    await page.getByTestId(`nav-${view}`).click()
    await expect(page.getByTestId(`view-${view}`)).toBeVisible()
    await expect(page.locator('.view-loading')).toHaveCount(0)
    await watchDocumentScroll(page)
    if (view === 'create') {
      // The matrix needs a model to work with.
      await page.getByTestId('model-select').selectOption('i1-1')
      await page.getByText('Matrix: several models').click()
      await expect(page.getByRole('switch', { name: /Matrix/ })).toBeChecked()
    }
    const presses = await tabThroughEverything(page)
    // A view whose controls the loop could not go round would not have been tabbed through.
    expect(presses, `${view}: Tab came back round`).toBeLessThan(300)
    const sidebar = await page.locator('.sidebar').boundingBox()
    await page.mouse.move(sidebar!.x + sidebar!.width / 2, sidebar!.y + sidebar!.height / 2)
    await page.mouse.wheel(0, 2000)
    await page.mouse.wheel(0, -500)
    await page.mouse.wheel(0, 2000)
    // The wheel's scroll lands with a frame; two frames later it has been applied.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
    const frame = await documentFrame(page)
    expect(frame, `${view}: the document stays in its frame`).toEqual({ scrollTop: 0, maxScroll: 0, overflow: 0 })
    await expect(page.locator('.sidebar')).toBeInViewport({ ratio: 1 })
    await expect(page.getByTestId('nav-create')).toBeInViewport()
  }
})
