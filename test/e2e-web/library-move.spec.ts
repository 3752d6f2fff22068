// Moving the live library from Settings: the files are copied and checked, and the app
// switches to the new folder.
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test, expect } from './app-host'
import { LIVE_KEY, saveKey, setBaseUrl, startLiveService, type LiveService } from './live-service'

let live: LiveService
let dir: string

test.beforeAll(async () => {
  live = await startLiveService()
  dir = await mkdtemp(join(tmpdir(), 'mediagen-moved-'))
})

test.afterAll(async () => {
  await live?.close()
  await rm(dir, { recursive: true, force: true })
})

test('the live library moves to a new folder', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await setBaseUrl(page, live.sim.url)
  await saveKey(page, LIVE_KEY)
  await expect(page.getByTestId('key-status')).toContainText('Connected')

  await page.getByTestId('nav-create').click()
  await page.getByTestId('model-select').selectOption('i1-1')
  await page.getByTestId('prompt-input').fill('a boat under a bridge')
  await page.getByTestId('submit-job').click()
  await page.getByTestId('nav-queue').click()
  await expect(page.getByTestId('job-row').first().getByTestId('job-saving')).toHaveText('Saved', { timeout: 60_000 })

  const target = join(dir, 'library')
  await page.getByTestId('nav-settings').click()
  await page.getByTestId('library-to').fill(target)
  await page.getByTestId('library-move').click()
  await expect(page.getByTestId('library-move-result')).toContainText(`to ${target}; every copy was checked`)
  await expect(page.getByTestId('library-now')).toHaveText(target)
  await page.getByTestId('library-move-result').scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath('settings-library.png') })
  expect((await readdir(join(target, 'files'))).length).toBe(1)

  await page.getByTestId('nav-gallery').click()
  await expect(page.getByTestId('gallery-item')).toHaveCount(1)
})
