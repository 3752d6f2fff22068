// A creator brings in a folder of pictures made with other tools and organises them in the
// gallery: Import folder… with a summary of what was skipped and why, tags on a selection,
// the tag filter, a board inside a folder, and a smart collection whose count follows the
// library. Each state is saved as a picture at 1440×900 and 1024×640 to look at.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { test, expect } from './app-host'
import { pngWithText } from '../unit/support/tool-images'

/** The API graph ComfyUI writes as the `prompt` text of each PNG it saves. */
function comfyGraph(text: string, seed: number): string {
  return JSON.stringify({
    '3': { class_type: 'KSampler', inputs: { seed, steps: 25, cfg: 7, sampler_name: 'euler', scheduler: 'normal', denoise: 1, model: ['4', 0], positive: ['6', 0], negative: ['7', 0], latent_image: ['5', 0] } },
    '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'sd_xl_base_1.0.safetensors' } },
    '5': { class_type: 'EmptyLatentImage', inputs: { width: 24, height: 16, batch_size: 1 } },
    '6': { class_type: 'CLIPTextEncode', inputs: { text, clip: ['4', 1] } },
    '7': { class_type: 'CLIPTextEncode', inputs: { text: 'blurry, watermark', clip: ['4', 1] } }
  })
}

/** A folder as a creator's outputs look: A1111 and ComfyUI pictures, in a subfolder too, and a file that is no picture. */
async function toolFolder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'mediagen-e2e-import-'))
  await mkdir(join(dir, 'comfy'))
  const a1111 = (prompt: string, seed: number) => `${prompt}\nNegative prompt: lowres\nSteps: 20, Sampler: DPM++ 2M, CFG scale: 7, Seed: ${seed}, Size: 24x16, Model hash: 6ce0161689, Model: dreamshaper_8`
  await writeFile(join(dir, '00001-1234.png'), await pngWithText({ parameters: a1111('a paper lantern over a night market', 1234) }))
  await writeFile(join(dir, '00002-1235.png'), await pngWithText({ parameters: a1111('a paper lantern on a quiet pier', 1235) }))
  await writeFile(join(dir, 'comfy', 'ComfyUI_00001_.png'), await pngWithText({ prompt: comfyGraph('a lighthouse in a storm', 77) }))
  await writeFile(join(dir, 'notes.txt'), 'seeds to try again')
  return dir
}

async function shots(page: Page, name: string): Promise<void> {
  for (const [w, h] of [[1440, 900], [1024, 640]] as const) {
    await page.setViewportSize({ width: w, height: h })
    await page.screenshot({ path: test.info().outputPath(`${name}-${w}x${h}.png`) })
  }
  await page.setViewportSize({ width: 1440, height: 900 })
}

let folder: string | null = null
test.afterEach(async () => {
  if (folder) await rm(folder, { recursive: true, force: true })
  folder = null
})

test('a creator imports a folder from other tools, tags, filters and collects what it holds', async ({ page, app }) => {
  test.setTimeout(180_000)
  folder = await toolFolder()
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto(app.openUrl)
  await page.getByTestId('nav-gallery').click()
  const count = page.getByTestId('gallery-count')
  const tiles = page.getByTestId('gallery-item')
  const tile = (words: string) => tiles.filter({ hasText: words })

  // Import folder…: every picture with its settings, the file that is none named with why.
  await page.getByTestId('gallery-import').click()
  await page.getByTestId('import-dir').fill(folder)
  await shots(page, 'import-folder')
  await page.getByTestId('import-start').click()
  const summary = page.getByTestId('import-summary')
  await expect(summary).toContainText('Done: 3 imported, 0 already in the library, 1 skipped.', { timeout: 60_000 })
  await expect(page.getByTestId('import-skips')).toContainText('notes.txt')
  await shots(page, 'import-summary')
  await page.getByTestId('import-dialog').getByRole('button', { name: 'Close' }).first().click()
  await expect(count).toHaveText(/^3 items/)
  await expect(tile('lighthouse in a storm')).toHaveCount(1)

  // Tags on a selection of two, from the selection bar.
  await tile('night market').getByRole('button', { name: /^Open/ }).click({ modifiers: ['ControlOrMeta'] })
  await tile('quiet pier').getByRole('button', { name: /^Open/ }).click({ modifiers: ['ControlOrMeta'] })
  await page.getByTestId('bulk-tags').click()
  await page.getByTestId('tags-add').fill('lanterns')
  await page.getByTestId('tags-add').press('Enter')
  await page.getByTestId('tags-add').fill('night')
  await page.getByTestId('tags-add').press('Enter')
  await shots(page, 'tags-dialog')
  await page.getByTestId('tags-save').click()
  await expect(page.getByTestId('tags-dialog')).toBeHidden()
  await page.getByTestId('selection-clear').click()

  // Filter by a tag, picked from the suggestions with its count.
  await page.getByTestId('tag-filter-input').fill('lan')
  const suggestion = page.getByTestId('tag-filter-input-suggestions').getByRole('option', { name: /lanterns/ })
  await expect(suggestion).toContainText('2 items')
  await shots(page, 'tags-suggest')
  await suggestion.click()
  await expect(count).toHaveText(/^2 items/)
  await expect(tile('lighthouse')).toHaveCount(0)

  // Saved as a smart collection, its count follows the library.
  await page.getByTestId('smart-save').click()
  await page.getByTestId('board-name').fill('Lanterns')
  await page.getByTestId('board-name-save').click()
  const smart = page.getByTestId('smart-collection')
  await expect(smart.locator('option:checked')).toHaveText('Lanterns (2)')
  await page.getByTestId('tag-filter-chip').getByRole('button', { name: 'Remove lanterns' }).click()
  await expect(count).toHaveText(/^3 items/)
  await tile('lighthouse').getByRole('button', { name: /^Open/ }).click({ modifiers: ['ControlOrMeta'] })
  await page.getByTestId('bulk-tags').click()
  await page.getByTestId('tags-add').fill('Lanterns')
  await page.getByTestId('tags-add').press('Enter')
  await page.getByTestId('tags-save').click()
  await page.getByTestId('selection-clear').click()
  await expect(smart.locator('option', { hasText: 'Lanterns' })).toHaveText('Lanterns (3)')
  await smart.selectOption({ label: 'Lanterns (3)' })
  await expect(count).toHaveText(/^3 items/)
  await shots(page, 'smart-collection')

  // A board inside a folder: the folder picked, a new board goes into it.
  await smart.selectOption('')
  await page.getByTestId('board-menu').click()
  await page.getByTestId('folder-new').click()
  await page.getByTestId('board-name').fill('Clients')
  await page.getByTestId('board-name-save').click()
  await page.getByTestId('filter-board').selectOption({ label: '▸ Clients' })
  await page.getByTestId('board-menu').click()
  await page.getByTestId('board-new').click()
  await page.getByTestId('board-name').fill('Night markets')
  await page.getByTestId('board-name-save').click()
  const picked = page.getByTestId('filter-board').locator('option:checked')
  await expect(picked).toHaveText(/^\u2003Night markets \(0\)$/)
  await expect(count).toHaveText(/^0 items/)
  await shots(page, 'board-folders')
})
