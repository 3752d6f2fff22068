// The gallery's toolbar with a board chosen: picking a board adds no row (its Rename, Move
// and Delete wait in one menu beside it, reachable by keyboard), and nothing in the toolbar
// is cut off or spills (German at 1024×640 is the tightest), in light and dark. The board's menu
// is saved as a picture, open, in German and Japanese at 1024×640 and English at 1440×900.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { test, expect } from './app-host'
import { overflowing } from './overflow'
import { invoke } from './host-api'

const PROMPTS = ['a lighthouse on a basalt cliff at blue hour', 'a red kite over the harbour, wide angle', 'a ceramic teapot on a linen tablecloth']
const TOOLBAR = '.gallery-view .view-head *, .gallery-filters *'
const SMALL = { width: 1024, height: 640 }
const LARGE = { width: 1440, height: 900 }

/** Three pictures, two of them on a board inside a folder. */
async function boardLibrary(page: Page, app: Parameters<typeof invoke>[0]): Promise<string> {
  for (const prompt of PROMPTS) await invoke(app, 'jobs.submit', { request: { model: 'i1-1', prompt } })
  await page.getByTestId('nav-gallery').click()
  await expect(page.getByTestId('gallery-count')).toHaveText(`${PROMPTS.length} items`, { timeout: 120_000 })
  const { entries } = await invoke<{ entries: { jobId: string; prompt: string }[] }>(app, 'library.list', {})
  const clients = await invoke<{ id: string }>(app, 'boards.create', { name: 'Clients', kind: 'folder' })
  const board = await invoke<{ id: string }>(app, 'boards.create', { name: 'Print campaign', parent: clients.id })
  const coast = entries.filter((e) => /lighthouse|kite/.test(e.prompt)).map((e) => e.jobId)
  await invoke(app, 'boards.setMembers', { boardId: board.id, jobIds: coast, on: true })
  return board.id
}

/** How far down the grid starts: a new row of tools would push it down. */
async function gridTop(page: Page): Promise<number> {
  const b = await page.getByTestId('gallery-grid').boundingBox()
  if (!b) throw new Error('grid not visible')
  return b.y
}

async function menuShot(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, 0)
  await page.getByTestId('board-menu').click()
  await expect(page.getByTestId('board-menu-items')).toBeVisible()
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), animations: 'disabled' })
  await page.keyboard.press('Escape')
}

const LANGUAGES = [
  { language: 'de', title: 'Galerie', count: '2 Elemente' },
  { language: 'ja', title: 'ギャラリー', count: '2 件' },
  { language: 'en', title: 'Gallery', count: '2 items' }
] as const

test('choosing a board adds no row to the gallery toolbar, and nothing in it is cut off, in German, Japanese and English, light and dark, at 1024×640 and 1440×900', async ({ page, app }) => {
  test.setTimeout(240_000)
  await page.setViewportSize(SMALL)
  await page.goto(app.openUrl)
  const board = await boardLibrary(page, app)

  for (const { language, title, count } of LANGUAGES) {
    for (const theme of ['light', 'dark'] as const) {
      await invoke(app, 'settings.update', { language, theme })
      await page.reload()
      await expect(page.locator('h1.view-title')).toHaveText(title)
      await expect(page.getByTestId('gallery-item')).toHaveCount(PROMPTS.length)
      for (const size of [SMALL, LARGE]) {
        const where = `${language}, ${theme}, ${size.width}×${size.height}`
        await page.setViewportSize(size)
        const before = await gridTop(page)
        await page.getByTestId('filter-board').selectOption(board)
        await expect(page.getByTestId('gallery-count')).toHaveText(count)
        await expect(page.getByTestId('board-menu')).toBeVisible()
        expect(await gridTop(page), `${where}: the grid stays where it was`).toBe(before)
        expect(await overflowing(page, { within: TOOLBAR, clipped: true, fields: true }), where).toEqual([])
        if (size === SMALL) await page.screenshot({ path: test.info().outputPath(`board-chosen-${language}-${theme}-1024x640.png`) })
        await page.getByTestId('filter-board').selectOption('')
      }
    }
  }
})

test('the board menu by keyboard: it opens, its items are walked with the arrows, Escape closes it and the focus goes back', async ({ page, app }) => {
  test.setTimeout(180_000)
  await page.setViewportSize(LARGE)
  await page.goto(app.openUrl)
  const board = await boardLibrary(page, app)
  await page.reload()
  await page.getByTestId('filter-board').selectOption(board)
  const button = page.getByTestId('board-menu')
  await expect(button).toHaveAttribute('aria-haspopup', 'menu')
  await expect(button).toHaveAttribute('aria-expanded', 'false')
  await button.focus()
  await page.keyboard.press('Enter')
  await expect(button).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByRole('menuitem', { name: 'New board' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeFocused()
  await page.keyboard.press('End')
  await expect(page.getByRole('menuitem', { name: 'Delete board…' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('menuitem', { name: 'New board' })).toBeFocused()
  // Delete asks once more in place, the focus on the question; axe finds nothing wrong with the menu.
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('menuitem', { name: 'Delete “Print campaign”' })).toBeFocused()
  const axe = await new AxeBuilder({ page }).include('.board-controls').analyze()
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('board-menu-items')).toBeHidden()
  await expect(button).toBeFocused()
  await expect(button).toHaveAttribute('aria-expanded', 'false')
  await expect(page.getByTestId('filter-board').locator('option:checked')).toHaveText(/Print campaign/)

  // The pictures: the menu open, in English at 1440×900, German and Japanese at 1024×640.
  await menuShot(page, 'board-menu-en-1440x900')
  for (const language of ['de', 'ja'] as const) {
    await invoke(app, 'settings.update', { language })
    await page.reload()
    await page.setViewportSize(SMALL)
    await page.getByTestId('filter-board').selectOption(board)
    await menuShot(page, `board-menu-${language}-1024x640`)
    await page.setViewportSize(LARGE)
  }
})
