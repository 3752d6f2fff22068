import { open, readdir, readFile } from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { partPaths, readPartState } from '../../../src/main/core/downloads/part-state'
import type { PartState } from '../../../src/main/core/downloads/part-state'
import { PartWriter } from '../../../src/main/core/downloads/part-writer'
import { pngBytes, sha256, tempDir } from './helpers'

let dir: string
let cleanup: () => Promise<void>

beforeEach(async () => {
  ;({ dir, cleanup } = await tempDir())
})

afterEach(async () => {
  vi.restoreAllMocks()
  await cleanup()
})

const freshState = (): PartState => ({ version: 1, url: 'http://cdn.test/a.png', etag: '"a"', total: null, durable: 0 })

/** Splits bytes into chunks of uneven sizes, as a network delivers them. */
function unevenChunks(bytes: Buffer): Buffer[] {
  const sizes = [1, 7, 65_536, 100_000, 3, 70_000, 65_535, 131_072, 12]
  const chunks: Buffer[] = []
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length] as number
    chunks.push(bytes.subarray(at, at + size))
    at += size
  }
  return chunks
}

/** Makes every datasync wait until `release()` is called; counts those started and finished. */
async function holdFlushes(): Promise<{ release: () => void; started: () => number; finished: () => number }> {
  const probe = await open(join(dir, 'probe'), 'w')
  const proto = Object.getPrototypeOf(probe) as FileHandle
  await probe.close()
  const original = proto.datasync
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  let started = 0
  let finished = 0
  vi.spyOn(proto, 'datasync').mockImplementation(async function (this: FileHandle) {
    started++
    await gate
    await original.call(this)
    finished++
  })
  return { release, started: () => started, finished: () => finished }
}

describe('PartWriter', () => {
  it('writes chunks of any size in order and returns the sha256 of the file', async () => {
    const paths = partPaths(join(dir, 'out.png'))
    const bytes = pngBytes(3 * 1024 * 1024 + 17)
    const writer = await PartWriter.open(paths, freshState(), { everyBytes: 256 * 1024 })
    for (const chunk of unevenChunks(bytes)) await writer.append(chunk)
    const digest = await writer.finish()

    expect(digest).toBe(sha256(bytes))
    expect((await readFile(paths.dest)).equals(bytes)).toBe(true)
    expect(await readdir(dir)).toEqual(['out.png'])
  })

  it('pauses the reader while a slow flush leaves too much unflushed, and goes on when it lands', async () => {
    const paths = partPaths(join(dir, 'slow.png'))
    const bytes = pngBytes(2 * 1024 * 1024)
    const flushes = await holdFlushes()
    const writer = await PartWriter.open(paths, freshState(), { everyBytes: 256 * 1024, maxUnflushedBytes: 1024 * 1024 })

    const chunks = unevenChunks(bytes)
    let taken = 0
    let next = 0
    let pause: Promise<void> | undefined
    while (pause === undefined && next < chunks.length) {
      const chunk = chunks[next++] as Buffer
      pause = writer.append(chunk)
      taken += chunk.length
    }
    expect(pause).toBeDefined()
    expect(flushes.started()).toBe(1)
    // Nothing flushed yet: the pause comes once a whole budget is written, not before.
    expect(taken).toBeGreaterThanOrEqual(1024 * 1024)
    expect(taken).toBeLessThan(1024 * 1024 + 2 * 131_072)

    // The reader goes on only once the flush has landed: whenever the pause ends, the
    // held flush must be done by then.
    let flushedWhenResumed: number | undefined
    void pause?.then(() => (flushedWhenResumed = flushes.finished()))
    // A turn of the event loop, in which a pause that did not wait for the flush would end.
    await new Promise((resolve) => setImmediate(resolve))
    expect(flushedWhenResumed).toBeUndefined()

    flushes.release()
    await pause
    expect(flushedWhenResumed).toBe(1)
    for (const chunk of chunks.slice(next)) await writer.append(chunk)
    expect(await writer.finish()).toBe(sha256(bytes))
  })

  it('keeps exactly the bytes taken so far when suspended, for a resume', async () => {
    const paths = partPaths(join(dir, 'cut.png'))
    const bytes = pngBytes(700_000)
    const writer = await PartWriter.open(paths, freshState())
    const kept = bytes.subarray(0, 500_001)
    for (const chunk of unevenChunks(kept)) await writer.append(chunk)
    await writer.suspend()

    expect((await readFile(paths.part)).equals(kept)).toBe(true)
    expect((await readPartState(paths.sidecar))?.durable).toBe(kept.length)

    const resumed = await PartWriter.open(paths, { ...freshState(), durable: kept.length })
    await resumed.append(bytes.subarray(kept.length))
    expect(await resumed.finish()).toBe(sha256(bytes))
    expect((await readFile(paths.dest)).equals(bytes)).toBe(true)
  })
})
