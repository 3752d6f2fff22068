// The cost shown before sending is what the job is charged: for one model of every family
// in the catalog (generation on Create, the image tools, the legacy video endpoint), the
// figure under Generate equals the `creditCost` the service answers for the job. The
// families come from the model registry, so a new one is priced here without being named.
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { listModels, type ModelInfo } from '../../src/shared/api'
import { LEGACY_MODELS } from '../../src/shared/api/legacy'
import type { JobView } from '../../src/shared/app/views'
import type { AppHost } from './app-host'
import { test, expect } from './app-host'
import { invoke } from './host-api'

test.describe.configure({ mode: 'parallel' })

/** One model per family, in registry order. */
function familyLeaders(kinds: ModelInfo['kind'][]): ModelInfo[] {
  const seen = new Set<string>()
  return listModels().filter((m) => kinds.includes(m.kind) && !seen.has(m.family) && seen.add(m.family))
}

const CREATE_KINDS: ModelInfo['kind'][] = ['image', 'video', 'music']
const TOOL_KINDS: ModelInfo['kind'][] = ['upscale', 'edit', 'background']
const TOOL_OF: Record<string, string> = { upscale: 'upscale', edit: 'edit', background: 'background' }

test('every kind of model in the catalog is priced by one of these tests', () => {
  const kinds = new Set(listModels().map((m) => m.kind))
  expect([...kinds].sort()).toEqual([...CREATE_KINDS, ...TOOL_KINDS].sort())
})

/** The credits the cost line shows, once it is priced. */
async function shownCost(page: Page): Promise<number> {
  const estimate = page.getByTestId('cost-estimate')
  await expect(estimate).toHaveText(/^[\d,]+ credits?$/)
  return Number((await estimate.textContent())!.replace(/[^\d]/g, ''))
}

/** The charge the service answered for the newest job of this model. */
async function chargedFor(app: AppHost, model: string): Promise<number | null> {
  const jobs = await invoke<JobView[]>(app, 'jobs.list', {})
  return jobs.find((j) => j.model === model)?.creditCost ?? null
}

async function submitAndCompare(page: Page, app: AppHost, model: string): Promise<void> {
  const cost = await shownCost(page)
  await expect(page.getByTestId('submit-job')).toBeEnabled()
  await page.getByTestId('submit-job').click()
  await expect.poll(() => chargedFor(app, model), { message: `${model}: shown ${cost}` }).toBe(cost)
}

async function dropImage(page: Page, testId: string, png: Buffer): Promise<void> {
  const zone = page.getByTestId(testId)
  // Runs in the page, where DataTransfer and File exist (this file is type-checked for Node).
  const dataTransfer = await page.evaluateHandle((bytes) => {
    const g = globalThis as unknown as {
      DataTransfer: new () => { items: { add(f: unknown): void } }
      File: new (parts: unknown[], name: string, opts: { type: string }) => unknown
    }
    const dt = new g.DataTransfer()
    dt.items.add(new g.File([new Uint8Array(bytes)], 'input.png', { type: 'image/png' }))
    return dt
  }, [...png])
  await zone.dispatchEvent('dragenter', { dataTransfer })
  await zone.dispatchEvent('dragover', { dataTransfer })
  await zone.dispatchEvent('drop', { dataTransfer })
}

async function readyLora(app: AppHost): Promise<string> {
  const images = await Promise.all(
    Array.from({ length: 15 }, async (_, i) => ({
      fileName: `face-${i}.png`,
      dataBase64: (await sharp({ create: { width: 512, height: 512, channels: 3, background: { r: 20 + i * 10, g: 120, b: 200 } } }).png().toBuffer()).toString('base64')
    }))
  )
  const lora = await invoke<{ id: string }>(app, 'loras.create', { name: 'Studio portrait', subjectKind: 'style', images })
  await expect.poll(async () => (await invoke<{ id: string; status: string }[]>(app, 'loras.list', {})).find((l) => l.id === lora.id)?.status, { timeout: 60_000 }).toBe('READY')
  return lora.id
}

for (const group of [['image'], ['video', 'music']] as const) {
  test(`Create charges what it shows for every ${group.join(' and ')} family`, async ({ page, app }) => {
    test.setTimeout(180_000)
    const models = familyLeaders([...group])
    const needsLora = models.some((m) => m.blockRequired && m.kind === 'image')
    const loraId = needsLora ? await readyLora(app) : null
    await page.goto(app.openUrl)
    await page.getByTestId('nav-create').click()
    for (const m of models) {
      await page.getByTestId(`modality-${m.modality}`).click()
      await page.getByTestId('model-select').selectOption(m.id)
      await page.getByTestId('prompt-input').fill(`a quiet harbour at dawn, ${m.family}`)
      const lora = page.locator(`#create-${m.blockName}-loraId`)
      if (loraId && (await lora.count()) > 0) await lora.selectOption(loraId)
      await test.step(m.id, () => submitAndCompare(page, app, m.id))
    }
  })
}

test('Tools charge what they show for every tool family', async ({ page, app }) => {
  test.setTimeout(180_000)
  const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 120, b: 60 } } }).png().toBuffer()
  await page.goto(app.openUrl)
  await page.getByTestId('nav-tools').click()
  for (const m of familyLeaders(TOOL_KINDS)) {
    // Another tool and back starts the form empty, ready for this model's input.
    const tool = TOOL_OF[m.kind]!
    await page.getByTestId(`tool-${Object.values(TOOL_OF).find((t) => t !== tool)}`).click()
    await page.getByTestId(`tool-${tool}`).click()
    const picker = page.getByTestId('model-select')
    if ((await picker.count()) > 0) await picker.selectOption(m.id)
    await dropImage(page, `dropzone-${m.blockName}.image`, png)
    await expect(page.getByTestId('input-note').first()).toContainText('Uploaded')
    if (m.kind === 'edit') await page.locator(`#tools-${m.blockName}-mode`).getByRole('radio', { name: /outpaint/i }).check()
    if (m.prompt !== 'none') await page.getByTestId('prompt-input').fill('extend the meadow to the left')
    await test.step(m.id, () => submitAndCompare(page, app, m.id))
  }
})

test('the legacy video endpoint charges what it shows for every model', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await page.getByTestId('nav-legacy').click()
  for (const model of LEGACY_MODELS) {
    await page.getByTestId('legacy-model').selectOption(model)
    await page.locator('#legacy-prompt').fill(`a slow pan across a misty valley, ${model}`)
    await submitAndCompare(page, app, model)
  }
})
