// A desktop notification of a finished batch, as a Linux desktop shows it: the browser
// version in a real Chromium window, in `language`, sends it through the system's
// notification service. Run by screenshot-notification.sh, which starts a display, a
// session bus and a notification daemon, and photographs the screen while it shows.
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'

const language = process.argv[2] ?? 'en'
const LOCALES = { de: 'de_DE.UTF-8', ja: 'ja_JP.UTF-8', fr: 'fr_FR.UTF-8', es: 'es_ES.UTF-8', ko: 'ko_KR.UTF-8', 'zh-CN': 'zh_CN.UTF-8', 'pt-BR': 'pt_BR.UTF-8' }
const dataDir = await mkdtemp(join(tmpdir(), 'mediagen-notification-'))
// The host speaks the same system language as the browser, as on one desktop.
const env = { ...process.env, MEDIAGEN_DEMO_SPEED: '4', LANG: LOCALES[language] ?? 'C' }
const host = spawn(process.execPath, ['--import', 'tsx', 'src/main/cli/index.ts', 'serve', '--port', '0', '--data-dir', dataDir], { env, stdio: ['ignore', 'pipe', 'pipe'] })
let said = ''
const openUrl = await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error(`the host did not start:\n${said}`)), 60_000)
  host.stdout.on('data', (chunk) => {
    said += chunk
    const m = /(http:\/\/127\.0\.0\.1:\d+\/#token=\S+)/.exec(said)
    if (m) {
      clearTimeout(timer)
      resolve(m[1])
    }
  })
  host.stderr.on('data', (chunk) => (said += chunk))
})
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: false,
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', `--lang=${language}`]
})
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: language })
  await context.grantPermissions(['notifications'], { origin: new URL(openUrl).origin })
  const page = await context.newPage()
  // The page shows a notification only while it is not in front, as when the user switched away.
  await page.addInitScript(() => { globalThis.document.hasFocus = () => globalThis.mediagenInFront ?? true })
  await page.goto(openUrl)
  await page.getByTestId('nav-create').click()
  await page.getByTestId('model-select').selectOption('i1-1')
  await page.getByTestId('prompt-input').fill('a lighthouse on a cliff at dawn')
  await page.getByTestId('batch-count').fill('3')
  await page.evaluate(() => { globalThis.mediagenInFront = false })
  await page.getByTestId('submit-job').click()
  await page.getByTestId('result-output').nth(2).waitFor({ timeout: 60_000 })
  console.log('shown')
  // Kept open while the screen is photographed.
  await new Promise((resolve) => setTimeout(resolve, 15_000))
} finally {
  await browser.close()
  host.kill('SIGTERM')
  await rm(dataDir, { recursive: true, force: true })
}
