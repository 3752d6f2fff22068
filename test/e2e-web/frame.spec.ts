// The window holds its frame: on every view, tabbing through every control, switching on
// Create's matrix and wheeling over the sidebar never scroll the document. The banner and
// the navigation stay on screen, and no hidden control makes the page taller than the window.
import type { Page } from '@playwright/test'
import { test, expect } from './app-host'
import { ALL_VIEWS, seedContent } from './seed-content'

// What the page-side code below touches. This file is type-checked for Node, so the page's
// globals are reached through globalThis.
interface FocusTarget {
  getAttribute(name: string): string | null
  setAttribute(name: string, value: string): void
}
interface PageGlobals {
  document: {
    scrollingElement: { scrollTop: number; scrollHeight: number; clientHeight: number } | null
    activeElement: FocusTarget | null
    body: FocusTarget
    addEventListener(type: 'scroll', listener: () => void): void
  }
  requestAnimationFrame(callback: () => void): void
  maxDocumentScroll: number
}

/** From now on, remembers how far the document ever scrolls. */
async function watchDocumentScroll(page: Page): Promise<void> {
  await page.evaluate(() => {
    const g = globalThis as unknown as PageGlobals
    g.maxDocumentScroll = 0
    g.document.addEventListener('scroll', () => {
      g.maxDocumentScroll = Math.max(g.maxDocumentScroll, g.document.scrollingElement?.scrollTop ?? 0)
    })
  })
}

/** Where the document is scrolled to, how far it ever was, and how much taller than the window it is. */
async function documentFrame(page: Page) {
  return page.evaluate(() => {
    const g = globalThis as unknown as PageGlobals
    const doc = g.document.scrollingElement!
    return { scrollTop: doc.scrollTop, maxScroll: g.maxDocumentScroll, overflow: doc.scrollHeight - doc.clientHeight }
  })
}

/** Presses Tab until focus comes round again to where the first press put it (or 300 presses). */
async function tabThroughEverything(page: Page): Promise<number> {
  const focused = () =>
    page.evaluate(() => {
      const { document } = globalThis as unknown as PageGlobals
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
  await expect(page.locator('.nav-item')).toHaveCount(ALL_VIEWS.length)
  for (const view of ALL_VIEWS) {
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
    await page.evaluate(() => new Promise<void>((done) => (globalThis as unknown as PageGlobals).requestAnimationFrame(() => (globalThis as unknown as PageGlobals).requestAnimationFrame(done))))
    const frame = await documentFrame(page)
    expect(frame, `${view}: the document stays in its frame`).toEqual({ scrollTop: 0, maxScroll: 0, overflow: 0 })
    await expect(page.locator('.sidebar')).toBeInViewport({ ratio: 1 })
    await expect(page.getByTestId('nav-create')).toBeInViewport()
  }
})
