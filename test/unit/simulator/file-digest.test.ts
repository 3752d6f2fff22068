import { createHash } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { resultImageSchema } from '../../../src/shared/api'
import { DigestCache, reprDigestValue, sha256OfFile } from '../../../src/simulator/file-digest'
import { download, startTestSim, submit, tempDir, waitForJob } from './helpers'

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest()

describe('DigestCache', () => {
  it('hashes a file once per version (path, size, mtime), again when it changes', async () => {
    const dir = await tempDir()
    const path = join(dir, 'a.bin')
    await writeFile(path, 'hello')
    let hashed = 0
    const cache = new DigestCache(async (p) => {
      hashed++
      return sha256OfFile(p)
    })
    const first = await cache.reprDigest(path, 5, 1000)
    expect(first).toBe(`sha-256=:${sha256(Buffer.from('hello')).toString('base64')}:`)
    expect(await Promise.all([cache.reprDigest(path, 5, 1000), cache.reprDigest(path, 5, 1000)])).toEqual([first, first])
    expect(hashed).toBe(1)
    await writeFile(path, 'hello, world')
    expect(await cache.reprDigest(path, 12, 2000)).toBe(reprDigestValue(sha256(Buffer.from('hello, world'))))
    expect(hashed).toBe(2)
  })

  it('forgets a failed read, and the least recently used file beyond its size', async () => {
    let hashed = 0
    let failing = true
    const cache = new DigestCache(async () => {
      hashed++
      if (failing) throw new Error('gone')
      return sha256(Buffer.from('x'))
    }, 2)
    await expect(cache.reprDigest('/a', 1, 1)).rejects.toThrow('gone')
    failing = false
    await cache.reprDigest('/a', 1, 1)
    expect(hashed).toBe(2)
    await cache.reprDigest('/b', 1, 1)
    await cache.reprDigest('/a', 1, 1) // /a is now the most recent
    await cache.reprDigest('/c', 1, 1) // /b goes
    expect(hashed).toBe(4)
    await cache.reprDigest('/a', 1, 1)
    expect(hashed).toBe(4)
    await cache.reprDigest('/b', 1, 1)
    expect(hashed).toBe(5)
  })
})

describe('demo service: CDN Repr-Digest', () => {
  it('sends the SHA-256 of the whole file on 200 and 206, not of the part', async () => {
    const sim = await startTestSim()
    const id = await submit(sim, 'generateImage', { model: 'i1-1', prompt: 'digest me' })
    const url = resultImageSchema.parse((await waitForJob(sim, id)).result).images[0] ?? ''
    const full = await download(url)
    const expected = `sha-256=:${sha256(full.bytes).toString('base64')}:`
    expect(full.status).toBe(200)
    expect(full.headers.get('repr-digest')).toBe(expected)
    const part = await download(url, { range: 'bytes=0-9' })
    expect(part.status).toBe(206)
    expect(part.headers.get('repr-digest')).toBe(expected)
    const head = await fetch(url, { method: 'HEAD' })
    expect(head.headers.get('repr-digest')).toBe(expected)
    const notModified = await download(url, { 'if-none-match': full.headers.get('etag') ?? '' })
    expect(notModified.status).toBe(304)
  })
})
