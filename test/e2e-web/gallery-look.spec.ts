// The gallery's looks at pictures beside one another, in the browser against the demo
// service: "Find similar" from the viewer finds the same picture made again and not an
// unrelated one; the lineage goes from an output to its upscale and back, a click each;
// the Duplicates view keeps the oldest of three copies and removes the rest, and Undo
// brings them back; the colour filter shows what the palettes say; and an output of a model the
// demo signs shows its Content Credentials with the signer.
import type { Page } from '@playwright/test'
import { test, expect, type AppHost } from './app-host'
import { invoke } from './host-api'
import type { DuplicatesPage } from '../../src/shared/app/library-pictures'
import type { JobView, LibraryEntry } from '../../src/shared/app/views'
import { paletteMatches } from '../../src/shared/media/colour-match'

const SIGNER = 'MediaGen Demo Service (test certificate)'

async function made(app: AppHost, request: Record<string, unknown>, inputs?: { field: string; uploadId: string }[]): Promise<string> {
  const { jobId } = await invoke<JobView>(app, 'jobs.submit', { request, ...(inputs ? { inputs } : {}) })
  if (!jobId) throw new Error('the service gave the job no id')
  await expect.poll(async () => (await invoke<JobView[]>(app, 'jobs.list', {})).find((j) => j.jobId === jobId)?.saved, { timeout: 90_000 }).toBe('saved')
  return jobId
}

const tile = (page: Page, jobId: string) => page.locator(`[data-testid="gallery-item"][data-job-id="${jobId}"]`)

async function shots(page: Page, name: string): Promise<void> {
  for (const [w, h] of [[1440, 900], [1024, 640]] as const) {
    await page.setViewportSize({ width: w, height: h })
    await page.screenshot({ path: test.info().outputPath(`${name}-${w}.png`) })
  }
  await page.setViewportSize({ width: 1440, height: 900 })
}

test('find similar, the lineage, keep the best with Undo, the colour filter and Content Credentials', async ({ page, app }) => {
  test.setTimeout(300_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto(app.openUrl)
  // The same prompt and seed twice makes the same picture; i3-1's outputs are signed by the demo.
  const request = { model: 'i3-1', prompt: 'a lighthouse on a cliff at dusk', i3Params: { seed: 4242 } }
  const first = await made(app, request)
  const again = await made(app, request)
  const third = await made(app, request)
  const other = await made(app, { model: 'i1-1', prompt: 'a bowl of lemons on a blue cloth' })
  const upload = await invoke<{ id: string; url: string }>(app, 'uploads.fromLibrary', { jobId: first, index: 0 })
  const upscale = await made(app, { model: 'u1-1', u1Params: { image: upload.url, upscale_factor: 2 } }, [{ field: 'u1Params.image', uploadId: upload.id }])

  await page.getByTestId('nav-gallery').click()
  await expect(page.getByTestId('gallery-count')).toHaveText(/^5 items/, { timeout: 60_000 })

  // The viewer of the first: its Content Credentials, its lineage, and Find similar.
  await tile(page, first).getByRole('button', { name: /^Open/ }).click()
  const detail = page.getByTestId('gallery-detail')
  await expect(detail.getByTestId('credentials-badge')).toHaveText('Content Credentials')
  await expect(detail.getByTestId('credentials-signer')).toHaveText(`Signed by ${SIGNER} (not a trusted issuer)`)
  await expect(detail.getByTestId('lineage-descendants').getByTestId('lineage-node')).toHaveAttribute('data-job-id', upscale)
  await expect(detail.getByTestId('lineage-ancestors')).toHaveCount(0)
  await detail.getByTestId('find-similar').click()
  const similar = detail.getByTestId('similar-item')
  await expect(similar.filter({ hasText: 'Identical' })).toHaveCount(2)
  await expect(detail.getByTestId('similar-list').locator(`[data-job-id="${again}"]`)).toContainText('Identical')
  await expect(detail.getByTestId('similar-list').locator(`[data-job-id="${third}"]`)).toContainText('Identical')
  await expect(detail.getByTestId('similar-list').locator(`[data-job-id="${other}"]`)).toHaveCount(0)
  await shots(page, 'viewer-similar')

  // A click on the upscale opens it; its lineage names the first, a click away.
  await detail.getByTestId('lineage-descendants').getByRole('button').click()
  const opened = page.getByTestId('gallery-detail-source')
  await expect(opened.getByTestId('lineage-ancestors').getByTestId('lineage-node')).toHaveAttribute('data-job-id', first)
  await expect(opened.getByTestId('lineage-ancestors')).toContainText('Original')
  await expect(opened.getByTestId('lineage')).toBeVisible()
  await shots(page, 'viewer-lineage')
  await opened.getByTestId('lineage-ancestors').getByRole('button').click()
  await expect(page.getByTestId('gallery-detail-source-source').getByTestId('lineage-descendants').getByTestId('lineage-node')).toHaveAttribute('data-job-id', upscale)
  await page.keyboard.press('Escape')
  await page.keyboard.press('Escape')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('gallery-detail')).toHaveCount(0)

  // Duplicates: of three copies the oldest is kept, the two others go, and come back.
  await expect.poll(async () => (await invoke<DuplicatesPage>(app, 'library.duplicates', {})).groups.length, { timeout: 60_000 }).toBe(1)
  await page.getByTestId('gallery-more').click()
  await page.getByTestId('open-duplicates').click()
  const group = page.getByTestId('duplicates').getByTestId('duplicate-group')
  await expect(group).toHaveCount(1)
  await expect(group.getByTestId('duplicate-member')).toHaveCount(3)
  await expect(group.locator('.picture-thumb.is-marked')).toHaveAttribute('data-job-id', first)
  await shots(page, 'duplicates')
  await group.getByTestId('keep-best').click()
  await expect(page.getByTestId('duplicates-empty')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('gallery-count')).toHaveText(/^3 items/)
  await expect(tile(page, first)).toBeVisible()
  await expect(tile(page, again)).toHaveCount(0)
  await expect(tile(page, third)).toHaveCount(0)
  await page.getByTestId('toast').filter({ hasText: '2 items moved to the trash' }).getByTestId('toast-action').click()
  await expect(page.getByTestId('gallery-count')).toHaveText(/^5 items/)
  await expect(tile(page, again)).toBeVisible()
  await expect(tile(page, third)).toBeVisible()

  // The colour filter: the lemons' main colour, and what every palette says of it.
  const entries = (await invoke<{ entries: LibraryEntry[] }>(app, 'library.list', {})).entries
  const colour = entries.find((e) => e.jobId === other)!.files[0]!.look!.palette[0]!.hex
  const showing = entries.filter((e) => e.files.some((f) => f.look && paletteMatches(f.look.palette, colour))).map((e) => e.jobId)
  expect(showing).toContain(other)
  await page.getByTestId('filter-colour').click()
  await page.getByTestId('colour-custom').fill(colour)
  await expect(page.getByTestId('gallery-item')).toHaveCount(showing.length)
  for (const jobId of showing) await expect(tile(page, jobId)).toBeVisible()
  await shots(page, 'colour-filter')
  await page.getByTestId('colour-clear').click()
  await expect(page.getByTestId('gallery-count')).toHaveText(/^5 items/)

  // A swatch shows what the palettes say of its colour.
  await page.getByTestId('filter-colour').click()
  await page.getByTestId('colour-red').click()
  const reds = entries.filter((e) => e.files.some((f) => f.look && paletteMatches(f.look.palette, '#d8302c'))).length
  await expect(page.getByTestId('gallery-item')).toHaveCount(reds)
})
