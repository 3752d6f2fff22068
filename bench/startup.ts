// Startup benchmark: how soon Create is usable in a cold Chromium through the Node host,
// and how much JavaScript it took. Ours is the app's build (views split, minified) served
// compressed; the baseline, built in the same run, is the page as one unminified script
// fetched uncompressed, as the host served it before. Each load gets a fresh browser
// context (nothing cached); one load of each is made first and not counted, so that the
// host's first compression and the disk cache do not count against either.
//
//   npm run bench -- startup
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { chromium, type Browser } from '@playwright/test'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { AppController } from '../src/main/core/app/controller'
import { FileSecretStore } from '../src/main/core/settings/file-secret-store'
import { FileSettingsStore } from '../src/main/core/settings/file-settings-store'
import { startHost } from '../src/main/host/host'
import { startDemoService } from '../src/simulator/demo-mode'

const LOADS = 5
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
// npm runs benchmarks from the project's root.
const ROOT = process.cwd()

/** The page as one unminified script: no split views, no minifier (the build before). */
async function buildBaseline(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: join(ROOT, 'src/renderer'),
    base: './',
    logLevel: 'error',
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      modulePreload: { polyfill: false },
      rollupOptions: { input: join(ROOT, 'src/renderer/index.html'), output: { inlineDynamicImports: true } }
    }
  })
}

interface Load { usableMs: number; wireKb: number; parsedKb: number }

/** One cold load: from navigation to a Create form with its models listed and a prompt box. */
async function coldLoad(browser: Browser, openUrl: string, compressed: boolean): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, ...(compressed ? {} : { extraHTTPHeaders: { 'Accept-Encoding': 'identity' } }) })
  const page = await context.newPage()
  // A read still pending when the context closes (a script of the idle prefetch) fails: null.
  const scripts: Promise<{ at: number; wire: number; parsed: number } | null>[] = []
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return
    const at = performance.now()
    scripts.push(Promise.all([request.sizes(), request.response().then((r) => r?.body())]).then(([sizes, body]) => ({ at, wire: sizes.responseBodySize, parsed: body?.length ?? 0 }), () => null))
  })
  try {
    await page.goto(openUrl, { waitUntil: 'commit' })
    // Runs in the page (a string: this file is compiled without the DOM's types).
    const usable = await page.waitForFunction(
      `(() => {
        const select = document.querySelector('[data-testid="model-select"]')
        const prompt = document.querySelector('[data-testid="prompt-input"]')
        return select && !select.disabled && select.options.length > 1 && prompt ? performance.now() : null
      })()`,
      undefined,
      { polling: 'raf', timeout: 60_000 }
    )
    const usableMs = (await usable.jsonValue()) as number
    // Scripts finished by then count; later ones (the idle prefetch of other views) do not.
    const usableAt = performance.now()
    const before = (await Promise.all(scripts)).filter((s) => s !== null && s.at <= usableAt) as { wire: number; parsed: number }[]
    return { usableMs, wireKb: before.reduce((n, s) => n + s.wire, 0) / 1024, parsedKb: before.reduce((n, s) => n + s.parsed, 0) / 1024 }
  } finally {
    await context.close()
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export async function benchStartup(): Promise<Record<string, number | string>> {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`)
  await promisify(execFile)('npx', ['electron-vite', 'build'], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 })
  const work = await mkdtemp(join(tmpdir(), 'bench-startup-'))
  const baselineDir = join(work, 'baseline')
  await buildBaseline(baselineDir)
  const controller = await AppController.start({
    dataDir: join(work, 'data'),
    secrets: FileSecretStore.inDir(work),
    settings: new FileSettingsStore(join(work, 'settings.json')),
    hooks: { platform: 'browser' },
    version: 'bench',
    startDemoService: (options) => startDemoService(options)
  })
  const ours = await startHost({ controller, rendererDir: join(ROOT, 'out/renderer') })
  const base = await startHost({ controller, rendererDir: baselineDir })
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS })
  try {
    await coldLoad(browser, ours.openUrl, true)
    await coldLoad(browser, base.openUrl, false)
    const oursLoads: Load[] = []
    const baseLoads: Load[] = []
    // Alternated, so that a busy moment on the machine falls on both alike.
    for (let i = 0; i < LOADS; i++) {
      oursLoads.push(await coldLoad(browser, ours.openUrl, true))
      baseLoads.push(await coldLoad(browser, base.openUrl, false))
    }
    const kb = (loads: Load[], key: 'wireKb' | 'parsedKb') => Math.round(median(loads.map((l) => l[key])))
    const ms = (loads: Load[]) => Math.round(median(loads.map((l) => l.usableMs)))
    const summary = `startup: usable-ms ${ms(oursLoads)} (baseline ${ms(baseLoads)}), js-wire-kb ${kb(oursLoads, 'wireKb')} (baseline ${kb(baseLoads, 'wireKb')}), js-parsed-kb ${kb(oursLoads, 'parsedKb')} (baseline ${kb(baseLoads, 'parsedKb')})`
    return {
      'JS over the wire before usable, KB (ours / baseline)': `${kb(oursLoads, 'wireKb')} / ${kb(baseLoads, 'wireKb')}`,
      'JS parsed before usable, KB (ours / baseline)': `${kb(oursLoads, 'parsedKb')} / ${kb(baseLoads, 'parsedKb')}`,
      [`median cold time to usable over ${LOADS} loads, ms (ours / baseline)`]: `${ms(oursLoads)} / ${ms(baseLoads)}`,
      'each load, ms (ours)': oursLoads.map((l) => Math.round(l.usableMs)).join(' '),
      'each load, ms (baseline)': baseLoads.map((l) => Math.round(l.usableMs)).join(' '),
      summary
    }
  } finally {
    await browser.close()
    await Promise.all([ours.close(), base.close()])
    await controller.close()
    await rm(work, { recursive: true, force: true })
  }
}
