// Real crashes: a child process writes to a log and is SIGKILLed mid-stream;
// every write it acknowledged must be found on reopen.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { RecordLog } from '../../../src/main/core/store/record-log'

const here = fileURLToPath(new URL('.', import.meta.url))
const repoRoot = resolve(here, '../../..')
const writerScript = join(here, 'fixtures', 'crash-writer.ts')

interface Rec {
  id: string
  n: number
  pad: string
}

let dir: string
let file: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'record-log-crash-'))
  file = join(dir, 'journal.jsonl')
})

afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Runs the writer until it has acknowledged `killAfter` writes, SIGKILLs it, and returns every acknowledged id → n. */
function writeUntilKilled(args: string[], killAfter: number): Promise<Map<string, number>> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', writerScript, file, ...args], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe']
    })
    const acks = new Map<string, number>()
    let pending = ''
    let stderr = ''
    let count = 0
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      pending += chunk
      const complete = pending.split('\n')
      pending = complete.pop() ?? ''
      for (const line of complete) {
        const [id, n] = line.split(' ')
        if (id === undefined || n === undefined) continue
        // With several writers an older write to the same id may be printed
        // after a newer one; the newest acknowledged value is what must survive.
        acks.set(id, Math.max(Number(n), acks.get(id) ?? -1))
        count++
      }
      if (count >= killAfter && child.exitCode === null && !child.killed) child.kill('SIGKILL')
    })
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', fail)
    child.on('close', (code, signal) => {
      if (signal === 'SIGKILL') done(acks)
      else fail(new Error(`writer exited with ${code ?? signal} before the kill:\n${stderr}`))
    })
  })
}

async function reopen(): Promise<RecordLog<Rec>> {
  const log = await RecordLog.open<Rec>(file)
  expect(log.stats().corrupt).toBe(0)
  return log
}

describe('RecordLog under SIGKILL', () => {
  it("keeps every acknowledged write with fsync 'always', over repeated crashes", async () => {
    const acked = new Map<string, number>()
    for (let round = 0; round < 3; round++) {
      const acks = await writeUntilKilled(['always', 'unique', `r${round}`, '1'], 100 + Math.floor(Math.random() * 200))
      for (const [id, n] of acks) acked.set(id, n)
      const log = await reopen()
      for (const [id, n] of acked) expect(log.get(id)?.n, id).toBe(n)
      await log.close()
    }
    expect(acked.size).toBeGreaterThanOrEqual(300)
  })

  it("keeps every acknowledged write with fsync 'batch' and 32 concurrent writers", async () => {
    const acks = await writeUntilKilled(['batch', 'unique', 'b', '32'], 2000 + Math.floor(Math.random() * 2000))
    const log = await reopen()
    for (const [id, n] of acks) expect(log.get(id)?.n, id).toBe(n)
    await log.close()
  })

  it('survives being killed while compactions run', async () => {
    const newest = new Map<string, number>()
    for (let round = 0; round < 3; round++) {
      // Each round counts on from where the last one could have got to.
      const first = String(round * 1_000_000)
      const acks = await writeUntilKilled(['always', 'overwrite', 'c', '4', first], 500 + Math.floor(Math.random() * 1000))
      for (const [id, n] of acks) newest.set(id, Math.max(n, newest.get(id) ?? -1))
      const log = await reopen()
      expect(log.size).toBe(20)
      // A write in flight at the kill may have landed without being
      // acknowledged, so a record may be newer than its last acknowledgement,
      // never older.
      for (const [id, n] of newest) expect(log.get(id)?.n, id).toBeGreaterThanOrEqual(n)
      await log.close()
    }
  })
})
