// The README's pictures of the gallery's looks at pictures beside one another: the same
// picture made three times (a locked seed), an upscale of it and a wide picture, then Find
// similar and Content Credentials in the viewer, the lineage, the Duplicates view, the
// colour filter and the justified layout.
import type { Page } from '@playwright/test'
import { shot, until } from './screenshot-page'

interface Host {
  url: string
  token: string
}

async function invoke<T>(host: Host, route: string, input: unknown): Promise<T> {
  const res = await fetch(`${host.url}/api/invoke/${route}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-host-token': host.token }, body: JSON.stringify(input) })
  const body = (await res.json()) as { ok: boolean; data?: T; error?: { message: string } }
  if (!body.ok) throw new Error(`${route}: ${body.error?.message ?? res.status}`)
  return body.data as T
}

async function made(host: Host, request: Record<string, unknown>, inputs?: { field: string; uploadId: string }[]): Promise<string> {
  const job = await invoke<{ jobId: string }>(host, 'jobs.submit', { request, ...(inputs ? { inputs } : {}) })
  await until('a job to be saved', async () => (await invoke<{ jobId: string; saved: string }[]>(host, 'jobs.list', {})).some((j) => j.jobId === job.jobId && j.saved === 'saved'))
  return job.jobId
}

const openTile = (page: Page, jobId: string) => page.locator(`[data-testid="gallery-item"][data-job-id="${jobId}"]`).getByRole('button', { name: /^Open/ }).click()

export async function looks(page: Page, openUrl: string): Promise<void> {
  const url = new URL(openUrl)
  const host = { url: url.origin, token: url.hash.replace(/^#token=/, '') }
  const lighthouse = { model: 'i3-1', prompt: 'a lighthouse on a basalt cliff at blue hour', i3Params: { seed: 4242 } }
  const first = await made(host, lighthouse)
  await made(host, lighthouse)
  await made(host, lighthouse)
  await made(host, { model: 'i1-1', prompt: 'a wide bay with red sails at noon', i1Params: { aspect_ratio: '16:9' } })
  const upload = await invoke<{ id: string; url: string }>(host, 'uploads.fromLibrary', { jobId: first, index: 0 })
  const upscale = await made(host, { model: 'u1-1', u1Params: { image: upload.url, upscale_factor: 2 } }, [{ field: 'u1Params.image', uploadId: upload.id }])

  await page.getByTestId('nav-gallery').click()
  await page.getByTestId('layout-justified').click()
  await shot(page, 'gallery-justified')
  await page.getByTestId('layout-grid').click()

  await openTile(page, first)
  const detail = page.getByTestId('gallery-detail')
  await detail.getByTestId('content-credentials').waitFor()
  await shot(page, 'content-credentials')
  await detail.getByTestId('find-similar').click()
  await detail.getByTestId('similar-item').first().scrollIntoViewIfNeeded()
  await shot(page, 'similar')
  await page.keyboard.press('Escape')

  await openTile(page, upscale)
  await detail.getByTestId('lineage-ancestors').scrollIntoViewIfNeeded()
  await shot(page, 'lineage')
  await page.keyboard.press('Escape')

  await until('the duplicates to be grouped', async () => (await invoke<{ groups: unknown[] }>(host, 'library.duplicates', {})).groups.length > 0)
  await page.getByTestId('gallery-more').click()
  await page.getByTestId('open-duplicates').click()
  await page.getByTestId('duplicate-group').first().waitFor()
  await shot(page, 'duplicates')
  await page.keyboard.press('Escape')

  // The first swatch that some picture shows.
  const swatches = ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink', 'brown', 'white', 'grey', 'black']
  for (const name of swatches) {
    await page.getByTestId('filter-colour').click()
    await page.getByTestId(`colour-${name}`).click()
    await until('the gallery to answer', async () => (await page.getByTestId('gallery-item').count()) > 0 || (await page.getByTestId('gallery-show-all').count()) > 0)
    if ((await page.getByTestId('gallery-item').count()) > 0) break
  }
  await page.getByTestId('filter-colour').click()
  await shot(page, 'colour-filter')
  await page.keyboard.press('Escape')
}
