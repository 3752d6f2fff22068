// Wildcards benchmark: what a keystroke costs in Create's prompt when the prompt nests
// 1,500 braces deep, in headless Chromium through the Node host, against a keystroke in a
// plain prompt of the same length measured in the same run and the same page. A keystroke
// is timed inside the page, from its keydown until the page is idle again, so all the work
// it caused is counted, whenever it ran (see PROBE). Also, in
// Node, one check of the deep prompt by today's parser against the recursive parser it
// replaced (bench/baseline/wildcards.ts), which ran on every keystroke.
//
// The section fails (the run exits 1) when a keystroke in the deep prompt costs more than
// twice a plain one, plus one frame: the cap on depth and the one-pass parser keep it there.
//
//   npm run bench -- wildcards
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { chromium, type Page } from '@playwright/test'
import { checkWildcards } from '../src/shared/app/wildcards'
import { AppController } from '../src/main/core/app/controller'
import { FileSecretStore } from '../src/main/core/settings/file-secret-store'
import { FileSettingsStore } from '../src/main/core/settings/file-settings-store'
import { startHost } from '../src/main/host/host'
import { startDemoService } from '../src/simulator/demo-mode'
import { expandPrompt as baselineExpand, hasWildcards as baselineHasWildcards } from './baseline/wildcards'

const LEVELS = 1_500
// Spaced like words: a line of thousands of characters without a break holds up Chromium's
// own layout of the text box, in either prompt, and would hide what the page's code costs.
const DEEP = '{ '.repeat(LEVELS) + 'a|b' + ' }'.repeat(LEVELS)
const PLAIN = 'ab '.repeat(DEEP.length).slice(0, DEEP.length)
const KEYSTROKES = 40
const ROUNDS = 3
const FRAME_MS = 16.7
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
const ROOT = process.cwd()

// Runs in the page (a string: this file is compiled without the DOM's types). Arming it
// (before the key is pressed, so no event is missed) makes `__keystroke` a promise of two
// times from the next keydown: until its input event has been handled
// (React has rendered the keystroke), and until the page is idle again (messages posted to
// itself come back at once five times in a row), which counts any work the keystroke left
// queued, the plan made a render behind included.
const PROBE = `window.__armKeystroke = () => { window.__keystroke = new Promise((resolve) => {
  let start = 0
  addEventListener('keydown', () => { start = performance.now() }, { capture: true, once: true })
  addEventListener('input', () => {
    const handled = performance.now() - start
    const channel = new MessageChannel()
    let quiet = 0
    let sent = performance.now()
    let busyUntil = sent
    channel.port1.onmessage = () => {
      const now = performance.now()
      if (now - sent > 1) { quiet = 0; busyUntil = now } else quiet++
      if (quiet >= 5) { channel.port1.close(); resolve({ handled, settled: busyUntil - start }); return }
      sent = performance.now()
      channel.port2.postMessage(0)
    }
    channel.port2.postMessage(0)
  }, { once: true })
}) }`

interface Keystroke {
  handled: number
  settled: number
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** Typing at the end of `prompt`, one character then Backspace, so its length holds. */
async function keystrokes(page: Page, prompt: string): Promise<Keystroke[]> {
  const box = page.getByTestId('prompt-input')
  await box.fill(prompt)
  await box.press('End')
  const times: Keystroke[] = []
  for (let i = 0; i < KEYSTROKES; i++) {
    await page.evaluate('window.__armKeystroke()')
    await page.keyboard.press(i % 2 === 0 ? 'x' : 'Backspace')
    times.push((await page.evaluate('window.__keystroke')) as Keystroke)
  }
  return times
}

/** One check of the deep prompt, as each keystroke made it: today's against the baseline's. */
function nodeChecks(): { oursMs: number; baselineMs: number } {
  const time = (fn: () => unknown, n: number) => {
    const start = performance.now()
    for (let i = 0; i < n; i++) fn()
    return (performance.now() - start) / n
  }
  const oursMs = time(() => checkWildcards(DEEP, {}, 256), 200)
  const baselineMs = time(() => baselineHasWildcards(DEEP) && baselineExpand(DEEP, {}, 256), 10)
  return { oursMs, baselineMs }
}

async function measureInChromium(openUrl: string): Promise<{ deep: Keystroke[]; plain: Keystroke[] }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS })
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    await page.addInitScript(PROBE)
    await page.goto(openUrl)
    await page.getByTestId('prompt-input').waitFor()
    const deep: Keystroke[] = []
    const plain: Keystroke[] = []
    // Alternated, so that a busy moment on the machine falls on both alike.
    for (let r = 0; r < ROUNDS; r++) {
      plain.push(...(await keystrokes(page, PLAIN)))
      deep.push(...(await keystrokes(page, DEEP)))
    }
    return { deep, plain }
  } finally {
    await browser.close()
  }
}

export async function benchWildcards(): Promise<Record<string, number | string>> {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`)
  await promisify(execFile)('npx', ['electron-vite', 'build'], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 })
  const work = await mkdtemp(join(tmpdir(), 'bench-wildcards-'))
  const controller = await AppController.start({
    dataDir: join(work, 'data'),
    secrets: FileSecretStore.inDir(work),
    settings: new FileSettingsStore(join(work, 'settings.json')),
    hooks: { platform: 'browser' },
    version: 'bench',
    startDemoService: (options) => startDemoService(options)
  })
  const host = await startHost({ controller, rendererDir: join(ROOT, 'out/renderer') })
  try {
    const node = nodeChecks()
    const { deep, plain } = await measureInChromium(host.openUrl)
    const ms = (v: number) => Number(v.toFixed(2))
    const at = (k: Keystroke[], key: keyof Keystroke) => ms(median(k.map((t) => t[key])))
    const deepMs = at(deep, 'settled')
    const plainMs = at(plain, 'settled')
    const summary = `wildcards: keystroke-ms ${deepMs} at ${LEVELS} levels (plain ${plainMs}), check-ms ${ms(node.oursMs)} (baseline ${ms(node.baselineMs)})`
    if (deepMs > 2 * plainMs + FRAME_MS) {
      throw new Error(`a keystroke in a prompt ${LEVELS} braces deep kept the page busy ${deepMs} ms, against ${plainMs} ms in a plain prompt of the same length (at most twice that plus one frame)`)
    }
    return {
      [`median keystroke until handled, ms (${LEVELS} levels / plain, same length)`]: `${at(deep, 'handled')} / ${at(plain, 'handled')}`,
      [`median keystroke until the page is idle over ${deep.length} keystrokes, ms (${LEVELS} levels / plain)`]: `${deepMs} / ${plainMs}`,
      'slowest keystroke until idle, ms (deep / plain)': `${ms(Math.max(...deep.map((t) => t.settled)))} / ${ms(Math.max(...plain.map((t) => t.settled)))}`,
      [`one check of the ${LEVELS}-level prompt in Node, ms (ours / baseline)`]: `${ms(node.oursMs)} / ${ms(node.baselineMs)}`,
      summary
    }
  } finally {
    await host.close()
    await controller.close()
    await rm(work, { recursive: true, force: true })
  }
}
