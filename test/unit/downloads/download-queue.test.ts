import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DownloadResult } from '../../../src/main/core/downloads/download-types'
import { DownloadQueue } from '../../../src/main/core/downloads/download-queue'
import type { DownloadQueueOptions, DownloadTask } from '../../../src/main/core/downloads/download-queue'
import type { DownloadError } from '../../../src/main/core/downloads/errors'
import { corrupted, pngBytes, serveBytes, sha256, startServer, tempDir, whenRequests } from './helpers'
import type { TestServer } from './helpers'

let dir: string
let cleanup: () => Promise<void>
let server: TestServer | undefined
const queues: DownloadQueue[] = []

beforeEach(async () => {
  ;({ dir, cleanup } = await tempDir())
})

afterEach(async () => {
  await Promise.all(queues.splice(0).map((q) => q.close()))
  await server?.close()
  server = undefined
  await cleanup()
})

interface Recorder {
  done: { task: DownloadTask; result: DownloadResult }[]
  failed: { task: DownloadTask; error: DownloadError; willRetry: boolean }[]
}

/** A queue whose retries happen at once (random() = 0), recording every callback. */
function makeQueue(options: DownloadQueueOptions = {}): { queue: DownloadQueue; log: Recorder } {
  const log: Recorder = { done: [], failed: [] }
  const queue = new DownloadQueue({
    random: () => 0,
    onDone: (task, result) => log.done.push({ task, result }),
    onFailed: (task, error, willRetry) => log.failed.push({ task, error, willRetry }),
    ...options
  })
  queues.push(queue)
  return { queue, log }
}

function task(id: string, deadline = Date.now() + 60_000, path = `/${id}`): DownloadTask {
  if (server === undefined) throw new Error('start the server first')
  return { id, url: server.url(path), dest: join(dir, `${id}.png`), deadline, expectedKinds: ['image'] }
}

describe('DownloadQueue', () => {
  it('retries a reset connection and then completes', async () => {
    const body = pngBytes()
    server = await startServer((req, res, i) => (i === 0 ? req.socket.destroy() : serveBytes(req, res, body, { etag: '"v1"' })))
    const { queue, log } = makeQueue()
    expect(queue.add(task('a'))).toBe(true)
    await queue.idle()
    expect(log.failed).toHaveLength(1)
    expect(log.failed[0]).toMatchObject({ willRetry: true, error: { code: 'network' } })
    expect(log.done[0]?.result.sha256).toBe(sha256(body))
    expect(server.requests).toHaveLength(2)
  })

  it('resumes a truncated download on retry', async () => {
    const body = pngBytes()
    server = await startServer((req, res, i) => serveBytes(req, res, body, { etag: '"v1"', cutAfter: i === 0 ? 120_000 : undefined }))
    const { queue, log } = makeQueue()
    queue.add(task('a'))
    await queue.idle()
    expect(log.failed[0]).toMatchObject({ willRetry: true, error: { code: 'truncated' } })
    expect(log.done[0]?.result).toMatchObject({ sha256: sha256(body) })
    expect(log.done[0]?.result.resumedFrom).toBeGreaterThan(0)
  })

  it('retries a body that fails its Repr-Digest and saves only the announced bytes', async () => {
    const body = pngBytes()
    server = await startServer((req, res, i) => serveBytes(req, res, i === 0 ? corrupted(body) : body, { etag: '"v1"', reprDigestOf: body }))
    const { queue, log } = makeQueue()
    const t = task('a')
    queue.add(t)
    await queue.idle()
    expect(log.failed).toEqual([expect.objectContaining({ willRetry: true, error: expect.objectContaining({ code: 'verification' }) })])
    expect(log.done[0]?.result).toMatchObject({ sha256: sha256(body), resumedFrom: 0 })
    expect((await readFile(t.dest)).equals(body)).toBe(true)
  })

  it('gives up at once on an expired file and reports it', async () => {
    server = await startServer((_req, res) => res.writeHead(404).end())
    const { queue, log } = makeQueue()
    queue.add(task('gone'))
    await queue.idle()
    expect(log.failed).toHaveLength(1)
    expect(log.failed[0]).toMatchObject({ willRetry: false, error: { code: 'expired', retryable: false } })
    expect(log.done).toHaveLength(0)
    expect(server.requests).toHaveLength(1)
    expect(queue.size).toBe(0)
  })

  it('backs off with full jitter and keeps retrying past the deadline until the CDN says the file is gone', async () => {
    // 503, 503, 503, 503, then 404: only the 404 ends the retries.
    server = await startServer((_req, res, i) => res.writeHead(i < 4 ? 503 : 404).end())
    const waits: number[] = []
    const { queue, log } = makeQueue({
      random: () => 1,
      sleep: async (ms) => {
        waits.push(ms)
      }
    })
    queue.add(task('busy', Date.now() - 60_000))
    await queue.idle()
    expect(waits).toEqual([500, 1000, 2000, 4000])
    expect(log.failed.map((f) => f.willRetry)).toEqual([true, true, true, true, false])
    expect(log.failed.at(-1)?.error).toMatchObject({ code: 'expired', status: 404 })
  })

  it('starts nothing while paused, and retryNow() ends the backoff waits', async () => {
    const body = pngBytes(10_000)
    let fail = true
    server = await startServer((_req, res) => (fail ? res.writeHead(503).end() : res.writeHead(200, { 'content-length': body.length }).end(body)))
    const { queue, log } = makeQueue({ backoff: { baseMs: 60_000, capMs: 60_000 }, random: () => 1 })
    queue.pause()
    queue.add(task('paused'))
    await new Promise((r) => setImmediate(r))
    expect(server.requests).toHaveLength(0)
    queue.resume()
    await vi.waitFor(() => expect(log.failed).toHaveLength(1))
    fail = false
    // Without the wake-up the retry would wait a minute.
    queue.retryNow()
    await queue.idle()
    expect(log.done).toHaveLength(1)
  })

  it('ignores a task id it already has', async () => {
    const body = pngBytes(1000)
    server = await startServer((req, res) => serveBytes(req, res, body))
    const { queue, log } = makeQueue()
    expect(queue.add(task('a'))).toBe(true)
    expect(queue.add(task('a'))).toBe(false)
    await queue.idle()
    expect(queue.add(task('a'))).toBe(false)
    expect(log.done).toHaveLength(1)
    expect(server.requests).toHaveLength(1)
  })

  it('runs the earliest deadline first', async () => {
    const body = pngBytes(1000)
    let releaseBlocker: (() => void) | undefined
    server = await startServer((req, res) => {
      if (req.url === '/blocker') releaseBlocker = () => serveBytes(req, res, body)
      else serveBytes(req, res, body)
    })
    const { queue } = makeQueue({ concurrency: 1 })
    const now = Date.now()
    queue.add(task('blocker', now))
    await whenRequests(server, () => releaseBlocker !== undefined)
    queue.add(task('late', now + 30_000))
    queue.add(task('soon', now + 10_000))
    queue.add(task('middle', now + 20_000))
    releaseBlocker?.()
    await queue.idle()
    expect(server.requests.map((r) => r.url)).toEqual(['/blocker', '/soon', '/middle', '/late'])
  })

  it('orders tasks added together by deadline', async () => {
    const body = pngBytes(1000)
    server = await startServer((req, res) => serveBytes(req, res, body))
    const { queue } = makeQueue({ concurrency: 1 })
    const now = Date.now()
    for (const [id, offset] of [['c', 3], ['a', 1], ['d', 4], ['b', 2]] as const) queue.add(task(id, now + offset * 1000))
    await queue.idle()
    expect(server.requests.map((r) => r.url)).toEqual(['/a', '/b', '/c', '/d'])
  })

  it('never runs more than `concurrency` downloads at once', async () => {
    const body = pngBytes(1000)
    const held: (() => void)[] = []
    let active = 0
    let maxActive = 0
    server = await startServer((req, res) => {
      active++
      maxActive = Math.max(maxActive, active)
      res.on('finish', () => active--)
      held.push(() => serveBytes(req, res, body))
    })
    const { queue, log } = makeQueue({ concurrency: 2 })
    for (let i = 0; i < 5; i++) queue.add(task(`t${i}`))
    // Hold each round until the queue has filled every slot it may use.
    for (let served = 0; served < 5; ) {
      const expected = Math.min(2, 5 - served)
      await whenRequests(server, () => held.length >= expected)
      expect(queue.active).toBeLessThanOrEqual(2)
      const round = held.splice(0)
      served += round.length
      for (const release of round) release()
    }
    await queue.idle()
    expect(maxActive).toBe(2)
    expect(log.done).toHaveLength(5)
  })

  it('close() aborts running downloads, keeping their parts for the next queue', async () => {
    const body = pngBytes()
    server = await startServer((req, res, i) => {
      if (i === 0) {
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': body.length, etag: '"v1"' })
        res.write(body.subarray(0, 100_000))
      } else serveBytes(req, res, body, { etag: '"v1"' })
    })
    let reached: () => void = () => undefined
    const halfway = new Promise<void>((resolve) => (reached = resolve))
    const first = makeQueue({
      onProgress: (_task, progress) => {
        if (progress.received >= 100_000) reached()
      }
    })
    const t = task('a')
    first.queue.add(t)
    await halfway
    await first.queue.close()
    expect(first.log.failed).toHaveLength(0)
    expect(first.queue.unfinished()).toEqual([t])
    expect(first.queue.add(task('b'))).toBe(false)
    expect((await stat(`${t.dest}.part`)).size).toBe(100_000)

    const second = makeQueue()
    second.queue.add(t)
    await second.queue.idle()
    expect(second.log.done[0]?.result).toMatchObject({ sha256: sha256(body), resumedFrom: 100_000 })
  })

  it('completes a download left as .part + sidecar by a crashed run', async () => {
    const body = pngBytes()
    server = await startServer((req, res) => serveBytes(req, res, body, { etag: '"v1"' }))
    const t = task('a')
    const kept = 300_000
    await writeFile(`${t.dest}.part`, body.subarray(0, kept))
    await writeFile(`${t.dest}.part.json`, JSON.stringify({ version: 1, url: t.url, etag: '"v1"', total: body.length, durable: kept }))
    const { queue, log } = makeQueue()
    queue.add(t)
    await queue.idle()
    expect(server.requests[0]?.headers.range).toBe(`bytes=${kept}-`)
    expect(log.done[0]?.result).toMatchObject({ bytes: body.length, sha256: sha256(body), resumedFrom: kept })
    expect((await readFile(t.dest)).equals(body)).toBe(true)
    expect(existsSync(`${t.dest}.part`) || existsSync(`${t.dest}.part.json`)).toBe(false)
  })

  it('completes a download after the process downloading it was SIGKILLed', async () => {
    const body = pngBytes(2 * 1024 * 1024)
    server = await startServer((req, res, i) => {
      if (i === 0) {
        // Half the body, then silence: the child is killed while waiting.
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': body.length, etag: '"v1"' })
        res.write(body.subarray(0, body.length / 2))
      } else serveBytes(req, res, body, { etag: '"v1"' })
    })
    const t = task('a')
    const childScript = fileURLToPath(new URL('./fixtures/crash-child.ts', import.meta.url))
    const child = spawn(process.execPath, ['--import', 'tsx', childScript, t.url, t.dest], { stdio: ['ignore', 'pipe', 'inherit'] })
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)))
    for await (const line of createInterface({ input: child.stdout })) {
      if (line === 'ready') break
    }
    child.kill('SIGKILL')
    expect(await exited).toBe('SIGKILL')
    expect(existsSync(`${t.dest}.part`)).toBe(true)

    const { queue, log } = makeQueue()
    queue.add(t)
    await queue.idle()
    expect(log.done[0]?.result).toMatchObject({ bytes: body.length, sha256: sha256(body) })
    expect(log.done[0]?.result.resumedFrom).toBeGreaterThan(0)
    expect(server.requests[1]?.headers.range).toMatch(/^bytes=\d+-$/)
    expect((await readFile(t.dest)).equals(body)).toBe(true)
  })
})
