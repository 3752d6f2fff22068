// Realistic content for checks that look at every view: a few outputs saved in the library,
// a track among them, a failed job and one held running, all from the demo service.
import type { Page } from '@playwright/test'
import { expect } from './app-host'
import type { AppHost } from './app-host'
import { invoke } from './host-api'

/** The app's views, in the sidebar's order (the renderer's own list is not type-checked for Node). */
export const ALL_VIEWS = ['create', 'queue', 'gallery', 'tools', 'loras', 'legacy', 'spend', 'settings'] as const

export const SEEDED_PROMPTS = ['a red kite over the harbour', 'a blue door in a white wall', 'a green lamp on a desk']

/** Submits the jobs and waits until the gallery shows the saved ones (the page stays on Gallery). */
export async function seedContent(page: Page, app: AppHost): Promise<void> {
  for (const prompt of SEEDED_PROMPTS) await invoke(app, 'jobs.submit', { request: { model: 'i1-1', prompt } })
  await invoke(app, 'jobs.submit', { request: { model: 'm1-1', prompt: 'a calm piano loop', m1Params: { duration_seconds: 5 } } })
  await invoke(app, 'jobs.submit', { request: { model: 'i1-1', prompt: 'a storm that will not render #fail' } })
  await invoke(app, 'jobs.submit', { request: { model: 'i1-1', prompt: 'a slow sunrise #hold' } })
  await page.getByTestId('nav-gallery').click()
  await expect(page.getByTestId('gallery-count')).toHaveText(`${SEEDED_PROMPTS.length + 1} items`, { timeout: 120_000 })
}
