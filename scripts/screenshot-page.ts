// What every README screenshot needs from the page: driving Create, waiting for jobs, and
// saving a picture of the window once it has settled.
import { join, resolve } from 'node:path'
import type { Page } from '@playwright/test'

export const OUT_DIR = resolve('docs/screenshots')
export const VIEWPORT = { width: 1440, height: 900 }
export const WAIT_MS = 120_000

export async function shot(page: Page, name: string): Promise<void> {
  // A view's code loads the first time it opens; the picture is of the view, not its spinner.
  await page.locator('.view-loading').waitFor({ state: 'detached' })
  // Toasts fade on their own; a picture of the product should not carry one.
  await page.getByTestId('toast').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined)
  await page.mouse.move(0, VIEWPORT.height - 1)
  // Transitions end where they are going: a tile fading in is shown as it will look.
  await page.screenshot({ path: join(OUT_DIR, `${name}.png`), animations: 'disabled' })
  console.log(`saved docs/screenshots/${name}.png`)
}

export async function generate(page: Page, modality: 'image' | 'video' | 'music', prompt: string): Promise<void> {
  await page.getByTestId(`modality-${modality}`).click()
  await page.getByTestId('prompt-input').fill(prompt)
  await page.getByTestId('submit-job').click()
}

/** Polls `check` until it holds (the page fills in as jobs finish). */
export async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + WAIT_MS
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

/** Waits until every job in the Queue has finished and saved its files. */
export async function allSaved(page: Page, jobs: number): Promise<void> {
  await page.getByTestId('nav-queue').click()
  await until('every job to be saved', async () => (await page.locator('[data-testid="job-row"][data-status="COMPLETED"] [data-saved="saved"]').count()) >= jobs)
}

/** Settings in German and Japanese (settings-de.png, settings-ja.png), then back to the system's language. */
export async function settingsInLanguages(page: Page): Promise<void> {
  await page.getByTestId('nav-settings').click()
  for (const [language, title] of [['de', 'Einstellungen'], ['ja', '設定']] as const) {
    await page.getByTestId('language-select').selectOption(language)
    await page.locator('h1.view-title', { hasText: title }).waitFor()
    await page.locator('main.view').evaluate((main) => (main.scrollTop = 0))
    await shot(page, `settings-${language}`)
  }
  await page.getByTestId('language-select').selectOption('system')
  await page.locator('h1.view-title', { hasText: 'Settings' }).waitFor()
}

/** Create in German and Japanese (create-de.png, create-ja.png) on I3, a form with every kind of field. */
export async function createInLanguages(page: Page): Promise<void> {
  for (const [language, title] of [['de', 'Erstellen'], ['ja', '作成']] as const) {
    await page.getByTestId('nav-settings').click()
    await page.getByTestId('language-select').selectOption(language)
    await openCreate(page, 'i3-4', 'a lighthouse on a cliff at dawn, oil painting')
    await page.locator('h1.view-title', { hasText: title }).waitFor()
    await page.getByTestId('batch-count').fill('3')
    await page.locator('main.view').evaluate((main) => (main.scrollTop = 0))
    await shot(page, `create-${language}`)
    await page.getByTestId('batch-count').fill('1')
  }
  await page.getByTestId('nav-settings').click()
  await page.getByTestId('language-select').selectOption('system')
  await page.locator('h1.view-title', { hasText: 'Settings' }).waitFor()
}

/** Create on a given model, with `prompt` written in. */
export async function openCreate(page: Page, model: string, prompt: string): Promise<void> {
  await page.getByTestId('nav-create').click()
  await page.getByTestId('modality-image').click()
  await page.getByTestId('model-select').selectOption(model)
  await page.getByTestId('prompt-input').fill(prompt)
}
