import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { consumeBody } from '../../../src/main/core/downloads/consume-body'
import { hashFileAsWritten } from '../../../src/main/core/downloads/file-hasher'
import { judgeType } from '../../../src/main/core/downloads/media-type'
import { fsyncDir, writeFileAtomic } from '../../../src/main/core/fs/atomic-write'
import { pngBytes, sha256, tempDir } from './helpers'

let dir: string
let cleanup: () => Promise<void>

beforeEach(async () => {
  ;({ dir, cleanup } = await tempDir())
})

afterEach(async () => {
  await cleanup()
})

describe('writeFileAtomic', () => {
  it('replaces a file and leaves no temp file behind', async () => {
    const path = join(dir, 'state.json')
    await writeFileAtomic(path, 'old')
    await writeFileAtomic(path, new Uint8Array([1, 2, 3]))
    expect([...(await readFile(path))]).toEqual([1, 2, 3])
    expect(await readdir(dir)).toEqual(['state.json'])
  })

  it('leaves the old file and no temp file when the write fails', async () => {
    const path = join(dir, 'missing-folder', 'state.json')
    await expect(writeFileAtomic(path, 'x')).rejects.toThrow()
    expect(await readdir(dir)).toEqual([])
  })

  it('fsyncs a folder', async () => {
    await expect(fsyncDir(dir)).resolves.toBeUndefined()
  })
})

describe('judgeType', () => {
  it('accepts the expected kinds and names what it found otherwise', () => {
    expect(judgeType(pngBytes(100), ['image'])).toEqual({ ok: true, mime: 'image/png' })
    expect(judgeType(pngBytes(100), ['video', 'audio'])).toEqual({ ok: false, found: 'image/png' })
    const html = judgeType(Buffer.from('<html><body>Forbidden'), ['image'])
    expect(html.ok).toBe(false)
    expect(!html.ok && html.found).toContain('<html>')
    expect(judgeType(Buffer.from('{"a":1}'), undefined)).toEqual({ ok: true, mime: null })
  })
})

describe('hashFileAsWritten', () => {
  it('hashes a file on the worker as it grows', async () => {
    const path = join(dir, 'grow.bin')
    const bytes = pngBytes(3 * 1024 * 1024)
    await writeFile(path, bytes.subarray(0, 1000))
    const hash = hashFileAsWritten(path)
    hash.advance(1000)
    await writeFile(path, bytes)
    hash.advance(2_000_000)
    expect(await hash.digest(bytes.length)).toBe(sha256(bytes))
  })

  it('fails when the file is shorter than claimed', async () => {
    const path = join(dir, 'short.bin')
    await writeFile(path, Buffer.alloc(10))
    await expect(hashFileAsWritten(path).digest(20)).rejects.toThrow(/ended at 10 of 20/)
  })

  it('fails for a missing file', async () => {
    await expect(hashFileAsWritten(join(dir, 'nope')).digest(1)).rejects.toThrow(/hashing failed/)
  })
})

describe('consumeBody', () => {
  it('pauses the stream while the handler waits, and keeps chunk order', async () => {
    const body = new PassThrough()
    const seen: string[] = []
    let release: () => void = () => undefined
    const consumed = consumeBody(body, (chunk) => {
      seen.push(chunk.toString())
      if (chunk.toString() === 'b') return new Promise<void>((resolve) => (release = resolve))
      return undefined
    })
    body.write('a')
    body.write('b')
    body.end('c')
    await new Promise<void>((resolve) => setImmediate(resolve))
    expect(body.isPaused()).toBe(true)
    expect(seen).toEqual(['a', 'b'])
    release()
    await consumed
    expect(seen).toEqual(['a', 'b', 'c'])
  })

  it('fails with the handler error, and with the stream error', async () => {
    const first = new PassThrough()
    const failing = consumeBody(first, () => {
      throw new Error('disk full')
    })
    first.end('x')
    await expect(failing).rejects.toThrow('disk full')

    const second = new PassThrough()
    const broken = consumeBody(second, () => undefined)
    second.destroy(new Error('reset'))
    await expect(broken).rejects.toThrow('reset')
  })
})
