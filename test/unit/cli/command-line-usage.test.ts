// Mistakes on the command line get one line naming the option and exit 64; the library
// lists offline, without a key, beside a process that holds the folder; a closed output
// pipe ends the command quietly; the key can come from standard input.
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type Simulator } from '../../../src/simulator'
import { lockFolder } from '../../../src/main/core/fs/folder-lock'
import { CLI, cliEnv, runCli } from './run-cli'

let sim: Simulator
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-usage-'))
  sim = await startSimulator({ port: 0, speed: 20, dataDir: join(dir, 'service') })
})
afterAll(async () => {
  await sim?.close()
  await rm(dir, { recursive: true, force: true })
})

function oneLine(text: string): string {
  const lines = text.trim().split('\n')
  expect(lines).toHaveLength(1)
  return lines[0]!
}

describe('command-line mistakes', () => {
  it('names an unknown option instead of ignoring it', async () => {
    const r = await runCli(join(dir, 'typo'), ['sync', '--timout', '30'], { env: { MEDIAGEN_API_KEY: 'k' } })
    expect(r.code).toBe(64)
    expect(oneLine(r.err)).toBe('error: unknown option --timout (did you mean --timeout?); sync takes --timeout (see --help)')
    expect(r.out).toBe('')
  })

  it('names the option of a bad URL, without a schema dump or a stack', async () => {
    const r = await runCli(join(dir, 'bad-url'), ['--base-url', 'notaurl', 'sync'])
    expect(r.code).toBe(64)
    expect(oneLine(r.err)).toBe('error: --base-url: must be an http(s) URL such as http://127.0.0.1:8787 (got ’notaurl’) (see --help)')
  })

  it('lists every exit code in --help', async () => {
    const r = await runCli(join(dir, 'help'), ['sync', '--help'])
    expect(r.code).toBe(0)
    for (const code of [0, 1, 2, 3, 4, 5, 6, 7, 8, 64]) expect(r.out).toMatch(new RegExp(`^  ${code} +\\S`, 'm'))
  })
})

describe('the key', () => {
  it('comes from standard input with --api-key-stdin', async () => {
    const data = join(dir, 'stdin-key')
    const r = await runCli(data, ['--base-url', sim.url, '--api-key-stdin', 'submit', '--model', 'i1-1', '--prompt', 'from stdin'], { stdin: `${sim.apiKey}\n` })
    expect(r.code, r.out + r.err).toBe(0)
    expect(r.out.trim()).toMatch(/^[0-9a-f-]{36}$/)
    const empty = await runCli(data, ['--api-key-stdin', 'sync'], { stdin: '' })
    expect(empty.code).toBe(64)
    expect(oneLine(empty.err)).toContain('--api-key-stdin: standard input held no key')
  }, 60_000)
})

describe('ls', () => {
  it('lists the library offline, without a key or base URL, beside a process holding the folder', async () => {
    const data = join(dir, 'offline')
    const env = { MEDIAGEN_API_KEY: sim.apiKey }
    const submitted = await runCli(data, ['--base-url', sim.url, 'submit', '--model', 'i1-1', '--prompt', 'kept offline'], { env })
    expect(submitted.code, submitted.err).toBe(0)
    const synced = await runCli(data, ['sync', '--timeout', '120'], { env })
    expect(synced.code, synced.out + synced.err).toBe(0)

    const release = await lockFolder(join(data, 'live'))
    try {
      // No key, no base URL; the folder is held by this test, and ls does not wait for it.
      const r = await runCli(data, ['ls', '--json'])
      expect(r.code, r.err).toBe(0)
      expect(r.err).toContain(`Another MediaGen Studio process is using ${join(data, 'live')}; listing the library as it is on disk now.`)
      const entries = JSON.parse(r.out) as { jobId: string; prompt: string; files: { state: string }[] }[]
      // The demo account's other jobs are rescued into this library too; this one is there, saved.
      const mine = entries.find((e) => e.jobId === submitted.out.trim())
      expect([mine?.prompt, mine?.files.map((f) => f.state)]).toEqual(['kept offline', ['saved']])
    } finally {
      await release()
    }
  }, 180_000)

  it('ends quietly, with success, when the reader of its output goes away', async () => {
    // submit writes the job id and then still has work (closing the engine): the failed
    // write's error arrives while the process is alive, as with `ls | head` on a long list.
    const args = ['--import', 'tsx', CLI, '--data-dir', join(dir, 'pipe'), '--base-url', sim.url, 'submit', '--model', 'i1-1', '--prompt', 'nobody reads this']
    const child = spawn(process.execPath, args, { env: cliEnv({ MEDIAGEN_API_KEY: sim.apiKey }), stdio: ['ignore', 'pipe', 'pipe'] })
    // The reader leaves before the command has written anything (as `head` does once it has its lines).
    child.stdout.destroy()
    let err = ''
    child.stderr.on('data', (c: Buffer) => (err += c.toString()))
    const code = await new Promise((resolve) => child.once('close', resolve))
    expect(err).toBe('')
    expect(code).toBe(0)
  }, 60_000)
})
