// Restarting the browser host on the same data folder keeps the page's origin, so what
// the browser stored for the page (drafts, the last model, the view) is still there. The
// tab that was open learns that the old token is refused instead of reconnecting forever,
// and the new address pasted into it brings it back.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ChildProcess } from 'node:child_process'
import { test as base, expect } from '@playwright/test'
import { startHost, stopHost } from './app-host'
import { chromiumExecutable, NO_BROWSER_REASON } from './browser'

const test = base.extend<{ dataDir: string; hosts: ChildProcess[] }>({
  // Playwright requires the destructuring form for a fixture's first argument.
  // eslint-disable-next-line no-empty-pattern
  hosts: async ({}, use) => {
    const hosts: ChildProcess[] = []
    await use(hosts)
    for (const child of hosts) await stopHost(child)
  },
  // eslint-disable-next-line no-empty-pattern
  dataDir: async ({}, use, testInfo) => {
    testInfo.skip(!chromiumExecutable(), NO_BROWSER_REASON)
    const dir = await mkdtemp(join(tmpdir(), 'mediagen-restart-'))
    await use(dir)
    await rm(dir, { recursive: true, force: true })
  }
})

test('a restarted host keeps the page and its drafts, and the open tab is told to take the new address', async ({ page, dataDir, hosts }) => {
  const first = await startHost(dataDir)
  hosts.push(first.child)
  await page.goto(first.openUrl)
  const prompt = page.getByTestId('prompt-input')
  await prompt.fill('a lighthouse kept across restarts')
  // The draft is saved to the page's storage as it is typed.
  await expect.poll(() => page.evaluate(() => Object.values({ ...localStorage }).some((v) => v.includes('a lighthouse kept across restarts')))).toBe(true)

  await stopHost(first.child)
  const second = await startHost(dataDir)
  hosts.push(second.child)
  expect(new URL(second.openUrl).origin).toBe(new URL(first.openUrl).origin)

  // The old tab's token died with the first run: it says so rather than spinning.
  const banner = page.getByTestId('connection-banner')
  await expect(banner).toHaveAttribute('data-state', 'rejected', { timeout: 30_000 })
  await expect(banner).toContainText('Open the address it printed')
  await page.screenshot({ path: test.info().outputPath('host-restarted-banner.png') })

  // Reloaded, it says the same instead of offering to try again what cannot work.
  await page.reload()
  await expect(page.getByTestId('stale-token')).toContainText('The MediaGen host was restarted')

  // The new address pasted into the same tab (only the fragment changes) brings it back.
  await page.goto(second.openUrl)
  await expect(page.getByTestId('prompt-input')).toHaveValue('a lighthouse kept across restarts', { timeout: 30_000 })
  await expect(page.getByTestId('connection-banner')).toHaveCount(0)
  const info = await page.evaluate(async () => (await fetch('/api/invoke/app.info', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Host-Token': sessionStorage.getItem('mediagen.hostToken') ?? '' }, body: '{}' })).status)
  expect(info).toBe(200)
})
