import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { onCleanup, tempDir, waitFor } from './helpers'

/** Signals the child's whole process group (npx, tsx and node), ignoring a group already gone. */
function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal)
  } catch {
    // Already exited.
  }
}

describe('demo service: command line', () => {
  it('prints the address and the key, serves, and stops on SIGTERM', async () => {
    const dataDir = await tempDir()
    // Its own process group, so the signal reaches the service behind npx and tsx.
    const child = spawn('npx', ['tsx', 'src/simulator/cli.ts', '--port', '0', '--speed', '10', '--data-dir', dataDir], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true
    })
    const pid = child.pid ?? 0
    onCleanup(async () => signalGroup(pid, 'SIGKILL'))
    let out = ''
    let err = ''
    child.stderr.on('data', (d: Buffer) => { err += d.toString('utf8') })
    const lines = await new Promise<string[]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no banner; got: ${out}`)), 20_000)
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString('utf8')
        const found = out.split('\n').filter(Boolean)
        if (found.length >= 2) {
          clearTimeout(timer)
          resolve(found)
        }
      })
      child.once('exit', () => reject(new Error(`exited early; got: ${out} ${err}`)))
    })
    const url = /^simulator listening on (http:\/\/127\.0\.0\.1:(\d+))$/.exec(lines[0] ?? '')
    const key = /^api key: (mgk_[0-9a-f]{32})$/.exec(lines[1] ?? '')
    expect(url, lines[0]).not.toBeNull()
    expect(key, lines[1]).not.toBeNull()
    expect(Number(url?.[2])).toBeGreaterThan(0)
    const base = url?.[1] ?? ''
    const me = await fetch(`${base}/v2/me`, { headers: { 'x-api-key': key?.[1] ?? '' } })
    expect(me.status).toBe(200)

    signalGroup(pid, 'SIGTERM')
    await waitFor(() => (err.includes('SIGTERM: stopping') ? true : undefined), 10_000, 'the service to stop')
    await waitFor(async () => (await fetch(`${base}/v2/models`).then(() => undefined, () => true)), 10_000, 'the port to close')
  })

  it('exits with a usage error naming --rate-limit for a bad value', async () => {
    const child = spawn('npx', ['tsx', 'src/simulator/cli.ts', '--port', '0', '--rate-limit', 'fast'], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true
    })
    const pid = child.pid ?? 0
    onCleanup(async () => signalGroup(pid, 'SIGKILL'))
    let err = ''
    child.stderr.on('data', (d: Buffer) => { err += d.toString('utf8') })
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    expect(code).toBe(2)
    expect(err).toContain('--rate-limit needs a positive number of requests per second, or "off" (got "fast")')
    expect(err).toContain('[--rate-limit N|off]')
  })
})
