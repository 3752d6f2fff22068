// File → New Generation (Ctrl/Cmd+N in the desktop app) reaches the page as a
// `menu.command` event and opens Create on an empty form, the cursor in the prompt. Here the
// event comes down the page's own event stream, as the host would send it.
import type { Page } from '@playwright/test'
import { test, expect } from './app-host'

/** Keeps the page's event streams so a test can hand one an event as the host would. */
async function keepEventStreams(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const g = globalThis as unknown as { EventSource: new (url: string) => EventTarget; __streams: EventTarget[] }
    const Native = g.EventSource
    g.__streams = []
    g.EventSource = class extends (Native as unknown as new (url: string) => EventTarget) {
      constructor(url: string) {
        super(url)
        g.__streams.push(this)
      }
    } as never
  })
}

async function sendMenuCommand(page: Page, command: string): Promise<void> {
  await page.evaluate((c) => {
    const g = globalThis as unknown as { __streams: EventTarget[]; MessageEvent: new (type: string, init: { data: string }) => Event }
    for (const s of g.__streams) s.dispatchEvent(new g.MessageEvent('menu.command', { data: JSON.stringify({ command: c }) }))
  }, command)
}

test('New Generation opens Create on a fresh form with the cursor in the prompt', async ({ page, app }) => {
  await keepEventStreams(page)
  await page.goto(app.openUrl)
  await page.getByTestId('nav-create').click()
  await page.getByTestId('model-select').selectOption('i1-1')
  await page.getByTestId('prompt-input').fill('a lighthouse at dusk')
  await page.getByTestId('nav-queue').click()
  await expect(page.getByTestId('view-queue')).toBeVisible()

  await sendMenuCommand(page, 'new-generation')
  await expect(page.getByTestId('view-create')).toBeVisible()
  await expect(page.getByTestId('prompt-input')).toHaveValue('')
  await expect(page.getByTestId('prompt-input')).toBeFocused()
  await expect(page.getByTestId('model-select')).toHaveValue('i1-1')
  for (const size of [{ width: 1440, height: 900 }, { width: 1024, height: 640 }]) {
    await page.setViewportSize(size)
    await page.screenshot({ path: test.info().outputPath(`new-generation-${size.width}.png`) })
  }

  await sendMenuCommand(page, 'open-gallery')
  await expect(page.getByTestId('view-gallery')).toBeVisible()
  await sendMenuCommand(page, 'open-settings')
  await expect(page.getByTestId('view-settings')).toBeVisible()
})
