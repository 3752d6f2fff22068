// Create's results in the browser: they come back after a reload and after the host
// restarts on the same folder and port; a result dragged onto an image input is used from
// the library's copy, and the job sent with it records the output it was made from.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ChildProcess } from 'node:child_process'
import { test, expect, startHost } from './app-host'
import { invoke } from './host-api'
import type { JobView, LibraryEntry } from '../../src/shared/app/views'

/** A library file's address without its access token (a host started again has a new one). */
const pathOf = (src: string | null) => src?.split('?')[0] ?? null

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await exited
}

test('the results on Create come back after a reload and after the host restarts', async ({ page }) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'mediagen-e2e-'))
  let host = await startHost(dataDir)
  try {
    await page.goto(host.openUrl)
    await page.getByTestId('nav-create').click()
    await page.getByTestId('prompt-input').fill('a paper boat on a pond')
    await page.getByTestId('submit-job').click()
    const img = page.getByTestId('result').first().locator('img[data-testid="result-output"]').first()
    await expect(img).toBeVisible({ timeout: 60_000 })
    const file = pathOf(await img.getAttribute('src'))

    await page.reload()
    await expect.poll(() => page.getByTestId('result').first().locator('img[data-testid="result-output"]').first().getAttribute('src').then(pathOf)).toBe(file)

    const port = new URL(host.openUrl).port
    await stop(host.child)
    host = await startHost(dataDir, Number(port))
    await page.goto(host.openUrl)
    const back = page.getByTestId('result')
    await expect(back).toHaveCount(1)
    await expect.poll(() => back.first().locator('img[data-testid="result-output"]').first().getAttribute('src').then(pathOf)).toBe(file)
    await expect(back.first()).toContainText('a paper boat on a pond')

    // Cleared, they stay cleared; the file is still in the library.
    await page.getByTestId('results-clear').click()
    await expect(page.getByTestId('result')).toHaveCount(0)
    await page.reload()
    await expect(page.getByTestId('create-form')).toBeVisible()
    await expect(page.getByTestId('result')).toHaveCount(0)
    await page.getByTestId('nav-gallery').click()
    await expect(page.getByTestId('gallery-item')).toHaveCount(1)
  } finally {
    await stop(host.child)
    await rm(dataDir, { recursive: true, force: true })
  }
})

test('a result dragged onto an edit model\'s image input is sent as that input', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await page.getByTestId('nav-create').click()
  await page.getByTestId('prompt-input').fill('a green teapot')
  await page.getByTestId('submit-job').click()
  const img = page.getByTestId('result').first().locator('img[data-testid="result-output"]').first()
  await expect(img).toBeVisible({ timeout: 60_000 })
  const first = (await invoke<JobView[]>(app, 'jobs.list', {}))[0]!

  // A model that takes an image to work from.
  await page.getByTestId('model-select').selectOption('i10-1')
  await page.getByTestId('prompt-input').fill('the same teapot, in blue')
  const zone = page.getByTestId('dropzone-i10Params.image')
  await img.dragTo(zone)
  await expect(zone.locator('.input-preview')).toContainText('From library: a green teapot')
  await page.screenshot({ path: test.info().outputPath('result-dropped.png') })

  await page.getByTestId('submit-job').click()
  const sent = () => invoke<JobView[]>(app, 'jobs.list', {}).then((jobs) => jobs.find((j) => j.model === 'i10-1') ?? null)
  await expect.poll(async () => (await sent())?.request ?? null).toMatchObject({ i10Params: { image: expect.stringMatching(/^https?:\/\//) } })
  await expect.poll(async () => (await sent())?.saved, { timeout: 60_000 }).toBe('saved')
  const job = (await sent())!
  const entry = await invoke<LibraryEntry>(app, 'library.get', { jobId: job.jobId })
  expect(entry.inputs).toMatchObject([{ field: 'i10Params.image', sourceJobId: first.jobId, sourceIndex: 0 }])
})


test('an output dragged onto the picture being edited takes its place', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await invoke(app, 'jobs.submit', { request: { model: 'i1-1', prompt: 'a windmill' } })
  await invoke(app, 'jobs.submit', { request: { model: 'i1-1', prompt: 'a lighthouse' } })
  await page.getByTestId('nav-gallery').click()
  await expect(page.getByTestId('gallery-item')).toHaveCount(2, { timeout: 60_000 })
  const opened = page.getByTestId('gallery-item').first().getByRole('button', { name: /^Open/ })
  const edited = (await opened.innerText()).trim().replace(/^Open /, '')
  const other = edited === 'a windmill' ? 'a lighthouse' : 'a windmill'
  await opened.click()
  await page.getByTestId('edit-image').click()
  await expect(page.getByTestId('mask-canvas')).toBeVisible()
  const picture = page.getByTestId('source-drop').locator('img').first()
  const before = await picture.getAttribute('src')

  // The other output, from the strip beside the form, dropped on the painter itself.
  await page.locator(`[data-testid="recent-item"][title="${other}"]`).dragTo(page.getByTestId('mask-canvas'), { targetPosition: { x: 30, y: 30 } })
  await expect(picture).not.toHaveAttribute('src', before!)
  await expect(page.getByTestId('dropzone-e1Params.image').locator('.input-preview')).toContainText(`From library: ${other}`)
  await expect(page.getByTestId('mask-canvas')).toBeVisible()
})
