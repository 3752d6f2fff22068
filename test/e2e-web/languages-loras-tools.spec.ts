// The LoRA manager and the Tools view in German and Japanese, at 1440×900 and 1024×640:
// LoRAs in each state with the create form, and each tool with a picture chosen, with
// nothing cut off or spilling. A picture of each, to look at.
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { test, expect } from './app-host'
import { overflowing } from './overflow'

const T0 = Date.parse('2026-01-01T10:00:00.000Z')
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString()
function lora(id: string, name: string, status: string, over: Record<string, unknown> = {}) {
  return {
    id, userId: '22222222-2222-4222-8222-222222222222', teamId: '33333333-3333-4333-8333-333333333333', name, subjectKind: 'person',
    gender: null, ethnicity: null, age: null, status, imageCount: 18, steps: 1000, loraRank: 16, isReady: status === 'READY', error: null,
    createdAt: at(0), startedAt: at(2), completedAt: status === 'READY' || status === 'FAILED' ? at(14) : null, hasWeights: status === 'READY', triggerWord: null, ...over
  }
}
/** LoRAs in the states the words differ by; the list is answered as the service would. */
const LORAS = [
  { ...lora('11111111-1111-4111-8111-111111111111', 'Mira', 'READY', { triggerWord: 'mrx' }), timeline: [{ status: 'PENDING', at: at(0) }, { status: 'UPLOADING', at: at(1) }, { status: 'TRAINING', at: at(2) }, { status: 'READY', at: at(14) }] },
  { ...lora('11111111-1111-4111-8111-111111111112', 'Watercolour', 'TRAINING', { subjectKind: 'style', startedAt: new Date().toISOString() }), timeline: [{ status: 'PENDING', at: new Date().toISOString() }, { status: 'UPLOADING', at: new Date().toISOString() }, { status: 'TRAINING', at: new Date().toISOString() }] },
  { ...lora('11111111-1111-4111-8111-111111111113', 'Teapot', 'FAILED', { subjectKind: 'object', error: 'Too few usable images' }), timeline: [{ status: 'PENDING', at: at(0) }, { status: 'TRAINING', at: at(2) }, { status: 'FAILED', at: at(9) }] }
]

const SIZES = [[1440, 900], [1024, 640]] as const

async function shoot(page: Page, name: string): Promise<void> {
  const screens = await page.locator('main.view').evaluate((main) => Math.ceil(main.scrollHeight / main.clientHeight))
  for (let i = 0; i < Math.min(screens, 3); i++) {
    await page.locator('main.view').evaluate((main, n) => (main.scrollTop = n * main.clientHeight), i)
    await page.screenshot({ path: test.info().outputPath(`${name}-${i + 1}.png`) })
  }
  await page.locator('main.view').evaluate((main) => (main.scrollTop = 0))
}

for (const language of ['de', 'ja'] as const) {
  test(`LoRAs and Tools in ${language}, nothing cut off at 1440×900 and 1024×640`, async ({ page, app }) => {
    test.setTimeout(180_000)
    await page.route('**/api/invoke/loras.list', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ ok: true, data: LORAS }) }))
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto(app.openUrl)
    await page.getByTestId('nav-settings').click()
    await page.getByTestId('language-select').selectOption(language)
    await expect(page.locator('html')).toHaveAttribute('lang', language)
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 60 } } }).png().toBuffer()

    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height })
      await page.getByTestId('nav-loras').click()
      await expect(page.getByTestId('lora-row')).toHaveCount(3)
      expect.soft(await overflowing(page), `loras ${language} ${width}`).toEqual([])
      await shoot(page, `loras-${language}-${width}`)
      await page.getByTestId('lora-try').click()
      await expect(page.getByTestId('lora-try-dialog')).toBeVisible()
      await page.screenshot({ path: test.info().outputPath(`loras-try-${language}-${width}.png`) })
      await page.keyboard.press('Escape')

      await page.getByTestId('nav-tools').click()
      for (const tool of ['edit', 'upscale', 'background'] as const) {
        await page.getByTestId(`tool-${tool}`).click()
        const zone = page.locator('[data-testid^="dropzone-"][data-testid$=".image"]').first()
        if (await zone.isVisible()) await zone.locator('input[type=file]').setInputFiles({ name: 'source.png', mimeType: 'image/png', buffer: png })
        await expect(page.locator('main.view img').first()).toBeVisible()
        expect.soft(await overflowing(page), `tools ${tool} ${language} ${width}`).toEqual([])
        await shoot(page, `tools-${tool}-${language}-${width}`)
      }
    }
  })
}
