// A second service in the test process, standing in for a live account: Settings is
// pointed at it with a key, as a user would connect theirs.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, type Page } from '@playwright/test'
import { startSimulator, type Simulator } from '../../src/simulator'

export const LIVE_KEY = 'mgk_live0123456789abcdef0123456789ab'

export interface LiveService {
  sim: Simulator
  close(): Promise<void>
}

export async function startLiveService(credits?: number): Promise<LiveService> {
  const dir = await mkdtemp(join(tmpdir(), 'mediagen-live-'))
  const sim = await startSimulator({ port: 0, speed: 4, apiKey: LIVE_KEY, dataDir: dir, log: () => undefined, ...(credits !== undefined ? { credits } : {}) })
  return {
    sim,
    async close() {
      await sim.close()
      await rm(dir, { recursive: true, force: true })
    }
  }
}

/** Enters the service's address in Settings and saves it. */
export async function setBaseUrl(page: Page, url: string): Promise<void> {
  await page.getByTestId('nav-settings').click()
  await page.getByTestId('setting-baseUrl').fill(url)
  await page.getByTestId('save-connection').click()
  await expect(page.getByTestId('save-connection')).toBeDisabled()
}

/** Pastes a key in Settings and saves it. */
export async function saveKey(page: Page, key: string): Promise<void> {
  await page.getByTestId('nav-settings').click()
  await page.getByTestId('api-key-input').fill(key)
  await page.getByTestId('api-key-save').click()
}
