// The gallery with a few saved outputs: search and favourites filter through the library
// index, a board is made from a selection and filters the grid, a multi-select delete is
// undone, and the viewer steps through the items with the arrow keys.
import { test, expect } from './app-host'
import { invoke } from './host-api'

const PROMPTS = ['a red kite over the harbour', 'a blue door in a white wall', 'a green lamp on a desk', 'a yellow boat at dawn']

test('a creator finds, favourites, boards, removes and browses outputs in the gallery', async ({ page, app }) => {
  test.setTimeout(180_000)
  await page.goto(app.openUrl)
  for (const prompt of PROMPTS) await invoke(app, 'jobs.submit', { request: { model: 'i1-1', prompt } })

  await page.getByTestId('nav-gallery').click()
  const count = page.getByTestId('gallery-count')
  await expect(count).toHaveText(/^4 items/, { timeout: 120_000 })
  const tiles = page.getByTestId('gallery-item')
  const tile = (words: string) => tiles.filter({ hasText: words })
  await expect(tiles).toHaveCount(4)

  // Search goes to the library index.
  await page.getByTestId('gallery-search').fill('harbour')
  await expect(count).toHaveText(/^1 item matching “harbour”/)
  await page.getByTestId('gallery-search').press('Escape')
  await expect(count).toHaveText(/^4 items$/)

  // Favourite one from its tile; the favourites filter then shows just it.
  await tile('blue door').hover()
  await tile('blue door').getByTestId('tile-favorite').click()
  await expect(tile('blue door').getByTestId('tile-favorite')).toHaveAttribute('aria-pressed', 'true')
  await page.getByTestId('filter-favorite').click()
  await expect(count).toHaveText(/^1 item$/)
  await expect(tiles).toHaveCount(1)
  await page.getByTestId('filter-favorite').click()
  await expect(count).toHaveText(/^4 items$/)

  // Select two with ctrl-click and put them on a new board; the board filter shows them.
  await tile('red kite').getByRole('button', { name: /^Open/ }).click({ modifiers: ['ControlOrMeta'] })
  await tile('green lamp').getByRole('button', { name: /^Open/ }).click({ modifiers: ['ControlOrMeta'] })
  await expect(page.getByTestId('selection-count')).toHaveText('2 selected')
  await page.getByTestId('bulk-board').selectOption({ label: 'New board…' })
  await page.getByTestId('board-name').fill('Warm colours')
  await page.getByTestId('board-name-save').click()
  await page.getByTestId('filter-board').selectOption({ label: 'Warm colours (2)' })
  await expect(count).toHaveText(/^2 items$/)
  await expect(tile('red kite')).toBeVisible()
  await expect(tile('green lamp')).toBeVisible()
  await page.getByTestId('filter-board').selectOption({ label: 'All boards' })
  await expect(count).toHaveText(/^4 items$/)

  // A shift range of three removed at once, then brought back with Undo.
  await tiles.nth(0).getByTestId('tile-select').check()
  await tiles.nth(2).getByTestId('tile-select').click({ modifiers: ['Shift'] })
  await expect(page.getByTestId('selection-count')).toHaveText('3 selected')
  await page.getByTestId('bulk-remove').click()
  await page.getByTestId('bulk-confirm-remove').click()
  await expect(count).toHaveText(/^1 item$/)
  const toast = page.getByTestId('toast').filter({ hasText: 'Removed 3 items from the library' })
  await toast.getByTestId('toast-action').click()
  await expect(count).toHaveText(/^4 items$/)
  await expect(tiles).toHaveCount(4)
  await page.screenshot({ path: test.info().outputPath('gallery.png') })

  // The viewer steps with the arrow keys, newest first.
  await tiles.nth(0).getByRole('button', { name: /^Open/ }).click()
  const detail = page.getByTestId('gallery-detail')
  await expect(detail.getByTestId('detail-position')).toHaveText('1 of 4')
  const first = await detail.getByTestId('detail-prompt').textContent()
  await page.keyboard.press('ArrowRight')
  await expect(detail.getByTestId('detail-position')).toHaveText('2 of 4')
  await expect(detail.getByTestId('detail-prompt')).not.toHaveText(first ?? '')
  await page.keyboard.press('ArrowLeft')
  await expect(detail.getByTestId('detail-position')).toHaveText('1 of 4')
  await expect(detail.getByTestId('detail-prompt')).toHaveText(first ?? '')
  await page.screenshot({ path: test.info().outputPath('gallery-viewer.png') })
})
