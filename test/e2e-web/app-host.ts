// Starts the real Node host (`npm run cli -- serve`) as a child process with a fresh data
// folder and port 0, and hands the test the URL it prints.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test as base } from '@playwright/test'
import { chromiumExecutable, NO_BROWSER_REASON } from './browser'

export interface AppHost {
  url: string
  openUrl: string
  dataDir: string
}

/** `port` 0 takes a free one; a test restarting the host gives the port it had, so the page keeps its origin. */
export async function startHost(dataDir: string, port = 0): Promise<{ child: ChildProcess; openUrl: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/cli/index.ts', 'serve', '--port', String(port), '--data-dir', dataDir], {
    env: { ...process.env, MEDIAGEN_DEMO_SPEED: '4' },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  const openUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`host did not start:\n${output}`)), 60_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const m = /open (http:\/\/127\.0\.0\.1:\d+\/#token=\S+)/.exec(output)
      if (m) {
        clearTimeout(timer)
        resolve(m[1]!)
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()))
    child.once('exit', (code) => reject(new Error(`host exited (${code}):\n${output}`)))
  })
  return { child, openUrl }
}

/** Stops a host as Ctrl+C would, and for good if it does not go within 5 s. */
export async function stopHost(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
  child.kill('SIGKILL')
}

export const test = base.extend<{ app: AppHost }>({
  // Playwright requires the destructuring form for a fixture's first argument.
  // eslint-disable-next-line no-empty-pattern
  app: async ({}, use, testInfo) => {
    testInfo.skip(!chromiumExecutable(), NO_BROWSER_REASON)
    const dataDir = await mkdtemp(join(tmpdir(), 'mediagen-e2e-'))
    const { child, openUrl } = await startHost(dataDir)
    try {
      await use({ url: new URL(openUrl).origin, openUrl, dataDir })
    } finally {
      await stopHost(child)
      await rm(dataDir, { recursive: true, force: true })
    }
  }
})

export { expect } from '@playwright/test'
