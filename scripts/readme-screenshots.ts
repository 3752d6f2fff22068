// Captures the README's screenshots from the real app: starts the Node host in demo mode on
// a fresh data folder, makes outputs through the page as a creator would (images, a video,
// a track, a batch with a locked seed, a matrix of models × seeds), and saves 1440×900 PNGs
// to docs/screenshots/.
// Needs a fresh build in out/ (`npm run screenshots` builds first).
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { BATCH_COUNT, largeView, matrixRun, promptHistory, seedsAndBatches, wildcards } from './screenshot-create'
import { looks } from './screenshot-looks'
import { groupAndRegion } from './screenshot-results'
import { allSaved, createInLanguages, generate, OUT_DIR, settingsInLanguages, shot, VIEWPORT, WAIT_MS } from './screenshot-page'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--autoplay-policy=no-user-gesture-required']

const IMAGE_PROMPTS = [
  'a lighthouse on a basalt cliff at blue hour, long exposure, soft fog',
  'a ceramic teapot on a linen tablecloth, morning window light, 50mm',
  'a neon ramen bar in the rain, cinematic, reflections on wet asphalt',
  'an alpine lake at sunrise, mist over the water, pine forest, wide angle'
]
const VIDEO_PROMPT = 'slow dolly shot through a sunflower field at golden hour'
const MUSIC_PROMPT = 'warm lo-fi hip hop beat with vinyl crackle and a mellow Rhodes'

async function startHost(dataDir: string): Promise<{ child: ChildProcess; openUrl: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/cli/index.ts', 'serve', '--port', '0', '--data-dir', dataDir], {
    env: { ...process.env, MEDIAGEN_DEMO_SPEED: process.env.MEDIAGEN_DEMO_SPEED ?? '4' },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  const openUrl = await new Promise<string>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`The host did not start:\n${output}`)), 60_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const m = /open (http:\/\/127\.0\.0\.1:\d+\/#token=\S+)/.exec(output)
      if (m) {
        clearTimeout(timer)
        ok(m[1]!)
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.once('exit', (code) => fail(new Error(`The host exited (${code}):\n${output}`)))
  })
  return { child, openUrl }
}

async function main(): Promise<void> {
  await mkdir(OUT_DIR, { recursive: true })
  const dataDir = await mkdtemp(join(tmpdir(), 'mediagen-screenshots-'))
  const { child, openUrl } = await startHost(dataDir)
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS })
  try {
    const page = await browser.newPage({ viewport: VIEWPORT, deviceScaleFactor: 1, colorScheme: 'dark' })
    page.setDefaultTimeout(WAIT_MS)
    await page.goto(openUrl)
    // SCREENSHOTS_ONLY=looks: just the gallery's looks (Find similar, duplicates, colour, lineage, credentials).
    if (process.env.SCREENSHOTS_ONLY === 'looks') return await looks(page, openUrl)
    // SCREENSHOTS_ONLY=results: just a batch of 4 as a group, and Vary region over one of them.
    if (process.env.SCREENSHOTS_ONLY === 'results') return await groupAndRegion(page)

    // A track and a video first, so the pictures lead the Create view.
    await page.getByTestId('nav-create').click()
    await generate(page, 'music', MUSIC_PROMPT)
    await generate(page, 'video', VIDEO_PROMPT)
    for (const prompt of IMAGE_PROMPTS) await generate(page, 'image', prompt)
    await allSaved(page, 2 + IMAGE_PROMPTS.length)

    await page.getByTestId('nav-create').click()
    await page.getByTestId('modality-image').click()
    await page.getByTestId('prompt-input').fill(IMAGE_PROMPTS.at(-1)!)
    await page.locator('img[data-testid="result-output"]').first().waitFor()
    await shot(page, 'create')
    await seedsAndBatches(page)
    await largeView(page)
    await promptHistory(page)
    await wildcards(page)

    await allSaved(page, 2 + IMAGE_PROMPTS.length + BATCH_COUNT)
    await shot(page, 'queue')

    await page.getByTestId('nav-gallery').click()
    const tiles = page.locator('[data-testid="gallery-item"][data-modality="image"]')
    for (const i of [0, 1, 2]) await tiles.nth(i).getByTestId('tile-select').check()
    await page.getByTestId('bulk-compare').click()
    await page.getByTestId('compare-item').first().waitFor()
    await shot(page, 'compare')
    await page.keyboard.press('Escape')
    await page.getByTestId('selection-clear').click()
    await shot(page, 'gallery')

    if (await matrixRun(page)) await shot(page, 'matrix')

    await page.getByTestId('nav-spend').click()
    await page.locator('.recharts-surface').first().waitFor()
    await shot(page, 'spend')

    await page.getByTestId('nav-settings').click()
    await page.getByTestId('key-status').waitFor()
    await shot(page, 'settings')
    await settingsInLanguages(page)
    await createInLanguages(page)
    await looks(page, openUrl)
    await groupAndRegion(page)
  } finally {
    await browser.close()
    child.kill('SIGTERM')
    await rm(dataDir, { recursive: true, force: true })
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
