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
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { chromium, type Browser } from '@playwright/test'
import react from '@vitejs/plugin-react'
import ts from 'typescript'
import { build } from 'vite'
import { AppController } from '../src/main/core/app/controller'
import { FileSecretStore } from '../src/main/core/settings/file-secret-store'
import { FileSettingsStore } from '../src/main/core/settings/file-settings-store'
import { startHost } from '../src/main/host/host'
import { startDemoService } from '../src/simulator/demo-mode'

const LOADS = Number(process.env.BENCH_STARTUP_LOADS ?? 9)
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

interface Load {
  /** The prompt box and Generate first on screen, ms from navigation start. */
  shownMs: number
  /** Generate enabled with a prompt typed, ms from navigation start. */
  usableMs: number
  scripts: { count: number; wireBytes: number; parsedBytes: number }
  /** Where the time went, ms from navigation start (see the probe). */
  phases: { scriptMs: number; firstCallMs: number; infoMs: number; modelsMs: number; renderedMs: number }
}

let probe: string | null = null
/** The in-page probe (bench/page/startup-probe.ts), compiled once. */
async function probeScript(): Promise<string> {
  if (!probe) {
    const source = await readFile(join(import.meta.dirname, 'page', 'startup-probe.ts'), 'utf8')
    probe = ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText
  }
  return probe
}

/** One cold load in a fresh context (nothing cached): from navigation to a usable Create. */
async function coldLoad(browser: Browser, openUrl: string, compressed: boolean): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, ...(compressed ? {} : { extraHTTPHeaders: { 'Accept-Encoding': 'identity' } }) })
  try {
    const page = await context.newPage()
    await page.addInitScript({ content: await probeScript() })
    await page.goto(openUrl, { waitUntil: 'commit' })
    // An expression, not a function: the page's CSP refuses code made from strings in it.
    return (await page.evaluate('window.__startup.usable')) as Load
  } finally {
    await context.close()
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

const kb = (bytes: number) => Math.round(bytes / 1024)

/** The medians of where the time went. */
function phaseLine(loads: Load[]): string {
  const keys = ['scriptMs', 'firstCallMs', 'infoMs', 'modelsMs', 'renderedMs'] as const
  return keys.map((k) => Math.round(median(loads.map((l) => l.phases[k])))).join(' / ')
}

/** The figures: medians of each side, ours against the baseline, and the machine's load. */
function summarize(ours: Load[], base: Load[]): Record<string, number | string> {
  const med = (loads: Load[], of: (l: Load) => number) => median(loads.map(of))
  const usable = [med(ours, (l) => l.usableMs), med(base, (l) => l.usableMs)] as const
  const wire = [med(ours, (l) => l.scripts.wireBytes), med(base, (l) => l.scripts.wireBytes)] as const
  const parsed = [med(ours, (l) => l.scripts.parsedBytes), med(base, (l) => l.scripts.parsedBytes)] as const
  const ratio = (usable[0] / usable[1]).toFixed(2)
  const load = loadavg().map((n) => n.toFixed(2)).join(' ')
  return {
    'JS over the wire before usable, KB (ours / baseline)': `${kb(wire[0])} / ${kb(wire[1])}`,
    'JS parsed before usable, KB (ours / baseline)': `${kb(parsed[0])} / ${kb(parsed[1])}`,
    [`median cold time to shown, ms (ours / baseline)`]: `${Math.round(med(ours, (l) => l.shownMs))} / ${Math.round(med(base, (l) => l.shownMs))}`,
    [`median cold time to usable over ${LOADS} loads, ms (ours / baseline)`]: `${Math.round(usable[0])} / ${Math.round(usable[1])}`,
    'usable, ours against the baseline': `${ratio}×`,
    'median ms: script in / first call out / info answered / models answered / first render (ours)': phaseLine(ours),
    'median ms: script in / first call out / info answered / models answered / first render (baseline)': phaseLine(base),
    'each load to usable, ms (ours)': ours.map((l) => Math.round(l.usableMs)).join(' '),
    'each load to usable, ms (baseline)': base.map((l) => Math.round(l.usableMs)).join(' '),
    'load average (1, 5, 15 min)': load,
    summary: `startup: usable-ms ${Math.round(usable[0])} (baseline ${Math.round(usable[1])}, ${ratio}×), js-wire-kb ${kb(wire[0])} (baseline ${kb(wire[1])}), js-parsed-kb ${kb(parsed[0])} (baseline ${kb(parsed[1])}), load average ${load}`
  }
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
    return summarize(oursLoads, baseLoads)
  } finally {
    await browser.close()
    await Promise.all([ours.close(), base.close()])
    await controller.close()
    await rm(work, { recursive: true, force: true })
  }
}
