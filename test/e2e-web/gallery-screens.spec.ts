// The gallery as a creator who curates sees it, at 1440×900 and 1024×640: boards inside
// folders, tags on the tiles, the filter row kept to one line under the title (the rest
// behind Filters, reachable by keyboard), and the whole gallery in German and Japanese with
// nothing cut off or spilling. Each state is saved as a picture to look at; with
// README_SCREENSHOTS=1 the README's are written to docs/screenshots too.
import { copyFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { test, expect } from './app-host'
import { overflowing } from './overflow'
import { invoke } from './host-api'

const PROMPTS = [
  'a paper lantern over a night market, warm bokeh',
  'a lighthouse on a basalt cliff at blue hour, soft fog',
  'a ceramic teapot on a linen tablecloth, morning light',
  'an alpine lake at sunrise, mist over the water',
  'a neon ramen bar in the rain, reflections on asphalt',
  'a red kite over the harbour, wide angle'
]
const TAGS = [['lanterns', 'night', 'market'], ['coast', 'fog'], ['still life', 'morning'], ['landscape', 'mountains', 'morning'], ['night', 'city', 'rain'], ['coast']]

async function box(locator: Locator) {
  const b = await locator.boundingBox()
  if (!b) throw new Error('not visible')
  return b
}

async function shots(page: Page, name: string, readme = false): Promise<void> {
  await page.mouse.move(0, 0)
  await page.evaluate('document.activeElement && document.activeElement.blur()')
  for (const [w, h] of [[1440, 900], [1024, 640]] as const) {
    await page.setViewportSize({ width: w, height: h })
    const path = test.info().outputPath(`${name}-${w}x${h}.png`)
    await page.screenshot({ path, animations: 'disabled' })
    if (readme && w === 1440 && process.env.README_SCREENSHOTS) await copyFile(path, resolve('docs/screenshots', `${name}.png`))
  }
  await page.setViewportSize({ width: 1440, height: 900 })
}

/** Six pictures, tagged, on boards in a folder inside a folder. */
async function curatedLibrary(page: Page, app: Parameters<typeof invoke>[0]): Promise<string> {
  for (const prompt of PROMPTS) await invoke(app, 'jobs.submit', { request: { model: 'i1-1', prompt } })
  await page.getByTestId('nav-gallery').click()
  await expect(page.getByTestId('gallery-count')).toHaveText(`${PROMPTS.length} items`, { timeout: 120_000 })
  const { entries } = await invoke<{ entries: { jobId: string; prompt: string }[] }>(app, 'library.list', {})
  for (const [i, prompt] of PROMPTS.entries()) {
    const jobId = entries.find((e) => e.prompt === prompt)!.jobId
    await invoke(app, 'tags.change', { jobIds: [jobId], add: TAGS[i], remove: [] })
  }
  const clients = await invoke<{ id: string }>(app, 'boards.create', { name: 'Clients', kind: 'folder' })
  const harbour = await invoke<{ id: string }>(app, 'boards.create', { name: 'Harbour Hotel', kind: 'folder', parent: clients.id })
  const print = await invoke<{ id: string }>(app, 'boards.create', { name: 'Print campaign', parent: harbour.id })
  await invoke(app, 'boards.create', { name: 'Social posts', parent: harbour.id })
  await invoke(app, 'boards.create', { name: 'Moodboard', kind: 'board' })
  const coast = entries.filter((e) => /lighthouse|kite|lake/.test(e.prompt)).map((e) => e.jobId)
  await invoke(app, 'boards.setMembers', { boardId: print.id, jobIds: coast, on: true })
  await page.reload()
  await expect(page.getByTestId('gallery-count')).toHaveText(`${PROMPTS.length} items`)
  return print.id
}

test('the gallery of a creator who curates: boards in folders, tags on the tiles, one filter row, in German and Japanese', async ({ page, app }) => {
  test.setTimeout(240_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto(app.openUrl)
  const printBoard = await curatedLibrary(page, app)

  // Tags on each tile, on one line inside it.
  const lantern = page.getByTestId('gallery-item').filter({ hasText: 'paper lantern' })
  await expect(lantern.getByTestId('tile-tags')).toHaveText('lanternsnightmarket')
  const tile = await box(lantern.locator('.gallery-open'))
  const tags = await box(lantern.getByTestId('tile-tags'))
  expect(tags.x + tags.width).toBeLessThanOrEqual(tile.x + tile.width)
  await shots(page, 'gallery-tags', true)

  // The title's row and one filter row above the grid: the filters used less often wait behind Filters.
  const head = await box(page.locator('.gallery-view .view-head'))
  const row = await box(page.locator('.gallery-filters'))
  const grid = await box(page.getByTestId('gallery-grid'))
  expect(row.height).toBeLessThan(100)
  expect(grid.y - head.y).toBeLessThan(200)
  await expect(page.getByTestId('filter-status')).toBeHidden()
  // By keyboard: the Filters button opens its panel, Tab reaches the model filter, Escape closes it.
  await page.getByTestId('filters-more').focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('filter-model')).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(page.getByTestId('filter-model')).toBeFocused()
  await shots(page, 'gallery-filters-open')
  // Near the window's right edge, the panel opens leftwards rather than past the edge.
  await page.setViewportSize({ width: 1024, height: 640 })
  const panel = await box(page.getByTestId('filters-more-panel'))
  expect(panel.x).toBeGreaterThanOrEqual(0)
  expect(panel.x + panel.width).toBeLessThanOrEqual(1024)
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('filter-model')).toBeHidden()
  await expect(page.getByTestId('filters-more')).toBeFocused()

  // A board inside a folder inside a folder, picked: the gallery shows its three pictures.
  await page.getByTestId('filter-board').selectOption(printBoard)
  await expect(page.getByTestId('gallery-count')).toHaveText('3 items')
  // The picture shows the tree the picker holds: its list drawn open in the page.
  await page.getByTestId('filter-board').evaluate((select) => {
    select.setAttribute('size', '6')
    select.setAttribute('style', 'background-image: none; height: auto; padding-right: 10px')
  })
  await expect(page.getByTestId('filter-board').locator('option')).toHaveText(['All boards', /▸ Clients/, /▸ Harbour Hotel/, /Print campaign \(3\)/, /Social posts/, /Moodboard/])
  await shots(page, 'gallery-boards', true)
  await page.getByTestId('filter-board').evaluate((select) => {
    select.removeAttribute('size')
    select.removeAttribute('style')
  })
  await page.getByTestId('filter-board').selectOption('')
  await expect(page.getByTestId('gallery-count')).toHaveText(`${PROMPTS.length} items`)

  for (const [language, title] of [['de', 'Galerie'], ['ja', 'ギャラリー']] as const) {
    await invoke(app, 'settings.update', { language })
    await page.reload()
    await expect(page.locator('h1.view-title')).toHaveText(title)
    await expect(page.getByTestId('gallery-item')).toHaveCount(PROMPTS.length)
    for (const size of [{ width: 1440, height: 900 }, { width: 1024, height: 640 }]) {
      await page.setViewportSize(size)
      expect(await overflowing(page, { within: '.gallery-view .view-head *, .gallery-filters *, .selection-bar *', clipped: true, fields: true }), `${language} at ${size.width}`).toEqual([])
    }
    await shots(page, `gallery-${language}`, true)
  }
})
