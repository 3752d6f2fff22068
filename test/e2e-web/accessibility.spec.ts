// No accessibility violations that axe-core can find, on every view, with the viewer, the
// model palette and the dialogs open, in the light and the dark theme, with real content:
// saved outputs, a track, a failed job and one running, from the demo service.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { test, expect } from './app-host'
import { invoke } from './host-api'
import { ALL_VIEWS, seedContent } from './seed-content'

type View = (typeof ALL_VIEWS)[number]

test.use({ viewport: { width: 1280, height: 800 } })

/** Each violation as `rule: element`, so a failure says what to fix where. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? v.help}`))
}

async function openView(page: Page, view: View): Promise<void> {
  await page.getByTestId(`nav-${view}`).click()
  await expect(page.getByTestId(`view-${view}`)).toBeVisible()
  await expect(page.locator('.view-loading')).toHaveCount(0)
}

async function expectNoViolations(page: Page, where: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${where}.png`) })
  expect.soft(await violations(page), where).toEqual([])
}

for (const theme of ['dark', 'light'] as const) {
  test(`every view, the viewer, the palette and the dialogs pass axe in the ${theme} theme`, async ({ page, app }) => {
    test.setTimeout(240_000)
    await page.goto(app.openUrl)
    await invoke(app, 'settings.update', { theme })
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    await seedContent(page, app)

    await expect(page.locator('.nav-item')).toHaveCount(ALL_VIEWS.length)
    for (const view of ALL_VIEWS) {
      await openView(page, view)
      if (view === 'queue') await expect(page.locator('[data-testid="job-row"][data-status="FAILED"]')).toHaveCount(1)
      if (view === 'gallery') await expect(page.getByTestId('gallery-item')).toHaveCount(4)
      await expectNoViolations(page, `${view}-${theme}`)
    }

    await openView(page, 'gallery')
    await page.getByTestId('gallery-item').filter({ hasText: 'red kite' }).getByRole('button', { name: /^Open/ }).click()
    await expect(page.locator('img[data-testid="gallery-media"]')).toBeVisible()
    await expectNoViolations(page, `viewer-${theme}`)
    // Text over the picture is beyond axe's judging; the viewer's pills keep the dark theme's
    // light text on their dark glass in either theme.
    await expect(page.getByTestId('detail-position')).toHaveCSS('color', 'rgb(233, 236, 242)')
    await expect(page.getByTestId('zoom-level')).toHaveCSS('color', 'rgb(233, 236, 242)')
    await page.keyboard.press('Escape')

    await page.getByTestId('gallery-item').first().getByTestId('tile-select').check()
    await page.getByTestId('gallery-item').nth(1).getByTestId('tile-select').check()
    await expectNoViolations(page, `gallery-selection-${theme}`)
    await page.getByTestId('bulk-compare').click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await expectNoViolations(page, `compare-dialog-${theme}`)
    await page.keyboard.press('Escape')
    await page.getByTestId('bulk-board').selectOption({ label: 'New board…' })
    await expect(page.getByTestId('board-name')).toBeVisible()
    await expectNoViolations(page, `board-dialog-${theme}`)
    await page.keyboard.press('Escape')

    await openView(page, 'create')
    await page.keyboard.press('Control+k')
    await expect(page.getByTestId('model-palette')).toBeVisible()
    await expectNoViolations(page, `palette-${theme}`)
    await page.keyboard.press('Escape')

    // A narrow window: one column on Create, the sidebar down to its icons.
    await page.setViewportSize({ width: 900, height: 800 })
    await openView(page, 'create')
    await expectNoViolations(page, `create-narrow-${theme}`)
  })
}

/** Drops a picture on Upscale in Tools, as a user would drag one in. */
async function dropOnUpscale(page: Page, png: Buffer): Promise<void> {
  await openView(page, 'tools')
  await page.getByTestId('tool-upscale').click()
  const zone = page.getByTestId('dropzone-u1Params.image')
  // Runs in the page, where DataTransfer and File exist; reached through globalThis here.
  const dataTransfer = await page.evaluateHandle((bytes) => {
    const g = globalThis as unknown as {
      DataTransfer: new () => { items: { add(f: unknown): void } }
      File: new (parts: unknown[], name: string, opts: { type: string }) => unknown
    }
    const dt = new g.DataTransfer()
    dt.items.add(new g.File([new Uint8Array(bytes)], 'input.png', { type: 'image/png' }))
    return dt
  }, [...png])
  for (const type of ['dragenter', 'dragover', 'drop']) await zone.dispatchEvent(type, { dataTransfer })
}

for (const theme of ['dark', 'light'] as const) {
  test(`the cost lines, with the price's breakdown shown, pass axe on Create and Tools in the ${theme} theme`, async ({ page, app }) => {
    await page.goto(app.openUrl)
    await invoke(app, 'settings.update', { theme, dailyCreditLimit: 500, monthlyCreditLimit: 5000 })
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)

    await openView(page, 'create')
    await page.getByTestId('model-select').selectOption('i1-1')
    await page.getByTestId('prompt-input').fill('a lighthouse at dusk')
    await expect(page.getByTestId('cost-breakdown')).toHaveText('flat price per job')
    await expect(page.getByTestId('limit-today')).toBeVisible()
    await expectNoViolations(page, `create-cost-lines-${theme}`)

    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 90, b: 40 } } }).png().toBuffer()
    await dropOnUpscale(page, png)
    await expect(page.getByTestId('cost-breakdown')).toHaveText(/MP × \d+ per megapixel$/, { timeout: 30_000 })
    await expectNoViolations(page, `tools-cost-lines-${theme}`)
  })
}
