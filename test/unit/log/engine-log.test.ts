// The engine's log file: JSON lines, redacted, size-capped by rotation, flushed on close.
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { noopEngineLog, openEngineLog, type EngineLog } from '../../../src/main/core/log/engine-log'

const KEY = 'mgk_0123456789abcdef0123456789abcdef'
const OTHER_KEY = 'mgk_fedcba9876543210fedcba9876543210'

let dir: string
const opened: EngineLog[] = []
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'engine-log-'))
})
afterEach(async () => {
  for (const log of opened.splice(0)) await log.close()
  await rm(dir, { recursive: true, force: true })
})

function open(opts: Parameters<typeof openEngineLog>[1] = {}): EngineLog {
  const log = openEngineLog(dir, opts)
  opened.push(log)
  return log
}

async function linesOf(path: string): Promise<Array<Record<string, unknown>>> {
  const text = await readFile(path, 'utf8')
  return text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>)
}

describe('engine log', () => {
  it('writes JSON lines to logs/engine.log in the data folder, private to the user', async () => {
    const log = open()
    expect(log.path).toBe(join(dir, 'logs', 'engine.log'))
    log.info('engine.started', { jobs: 3 })
    log.warn('download.retry', { jobId: 'j1', attempt: 2 })
    log.error('save.failed', { jobId: 'j2', err: new Error('disk full') })
    await log.close()
    const lines = await linesOf(log.path!)
    expect(lines).toEqual([
      expect.objectContaining({ level: 'info', event: 'engine.started', jobs: 3, time: expect.any(String) }),
      expect.objectContaining({ level: 'warn', event: 'download.retry', jobId: 'j1', attempt: 2 }),
      expect.objectContaining({ level: 'error', event: 'save.failed', jobId: 'j2', err: expect.objectContaining({ message: 'disk full' }) })
    ])
    if (process.platform !== 'win32') {
      expect((await stat(log.path!)).mode & 0o777).toBe(0o600)
      expect((await stat(join(dir, 'logs'))).mode & 0o777).toBe(0o700)
    }
  })

  it('replaces API keys wherever they appear and censors credential fields', async () => {
    let keys = [KEY]
    const log = open({ redact: () => keys })
    log.info(`request sent with ${KEY}`, {
      note: `the key ${KEY} again`,
      nested: { deep: { text: `x${KEY}y` } },
      err: new Error(`401 for ${KEY}`),
      apiKey: 'short',
      'x-api-key': 'anything',
      webhook_secret: 'f00d',
      req: { headers: { authorization: 'Bearer abc', 'x-api-key': 'k' } },
      keep: 'visible'
    })
    // A key set later is covered from then on.
    keys = [KEY, OTHER_KEY]
    log.warn('key changed', { to: OTHER_KEY })
    await log.close()
    const text = await readFile(log.path!, 'utf8')
    expect(text).not.toContain(KEY)
    expect(text).not.toContain(OTHER_KEY)
    expect(text).not.toContain('mgk_')
    const [first, second] = await linesOf(log.path!)
    expect(first).toMatchObject({
      event: 'request sent with ***',
      note: 'the key *** again',
      nested: { deep: { text: 'x***y' } },
      err: { message: '401 for ***' },
      apiKey: '***',
      'x-api-key': '***',
      webhook_secret: '***',
      req: { headers: { authorization: '***', 'x-api-key': '***' } },
      keep: 'visible'
    })
    expect(second).toMatchObject({ event: 'key changed', to: '***' })
  })

  it('rotates by size, keeping a bounded number of files', async () => {
    const maxFileBytes = 4_000
    const log = open({ maxFileBytes, maxFiles: 3 })
    const written = 600
    for (let i = 0; i < written; i++) log.info('tick', { i, pad: 'x'.repeat(100) })
    await log.close()
    const files = (await readdir(join(dir, 'logs'))).sort()
    expect(files).toEqual(['engine.log', 'engine.log.1', 'engine.log.2'])
    let total = 0
    let lineBytes = 0
    for (const f of files) {
      const path = join(dir, 'logs', f)
      const lines = await linesOf(path)
      lineBytes = Math.max(lineBytes, ...lines.map((l) => JSON.stringify(l).length + 1))
      total += lines.length
      // A file is rotated once a write takes it past the cap, so it ends at most one
      // line over; whole lines only.
      expect((await stat(path)).size).toBeLessThanOrEqual(maxFileBytes + lineBytes)
    }
    // Older lines were dropped with the oldest files; the newest are all there, in order.
    expect(total).toBeLessThan(written)
    const newest = await linesOf(join(dir, 'logs', 'engine.log.1'))
    const current = await linesOf(log.path!)
    const tail = [...newest, ...current].map((l) => l.i)
    expect(tail).toEqual(Array.from({ length: tail.length }, (_, k) => written - tail.length + k))
  })

  it('close() writes out every line logged before it; later lines are dropped quietly', async () => {
    const log = open()
    for (let i = 0; i < 5_000; i++) log.info('burst', { i })
    await log.close()
    log.info('after close')
    await log.close()
    const lines = await linesOf(log.path!)
    expect(lines).toHaveLength(5_000)
    expect(lines.at(-1)).toMatchObject({ event: 'burst', i: 4_999 })
  })

  it('appends to the file left by an earlier run', async () => {
    const first = openEngineLog(dir)
    first.info('run 1')
    await first.close()
    const second = open()
    second.info('run 2')
    await second.close()
    expect((await linesOf(second.path!)).map((l) => l.event)).toEqual(['run 1', 'run 2'])
  })

  it('has a no-op variant that writes nothing', async () => {
    const log = noopEngineLog()
    log.info('x', { apiKey: KEY })
    await log.close()
    expect(log.path).toBeNull()
  })
})
