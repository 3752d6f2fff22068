import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { ResumePoint } from '../../../src/main/core/downloads/part-state'
import { planResponse, validatorOf } from '../../../src/main/core/downloads/response-plan'

const url = 'https://cdn.example/out.png'
const digest = createHash('sha256').update('the file').digest()
const otherDigest = createHash('sha256').update('another file').digest()

function resumeAt(offset: number, saved: Partial<ResumePoint['state']> = {}): ResumePoint {
  return { offset, head: Buffer.alloc(0), state: { version: 1, url, etag: '"v1"', total: 1000, durable: offset, ...saved } }
}

describe('planResponse', () => {
  it('writes a 200 from byte 0 with its length and validators', () => {
    expect(planResponse(200, { 'content-length': '1000', etag: '"v1"' }, null, url)).toEqual({
      action: 'write',
      offset: 0,
      total: 1000,
      validator: { etag: '"v1"' }
    })
  })

  it('appends a 206 that continues exactly where the part ends', () => {
    const plan = planResponse(206, { 'content-range': 'bytes 400-999/1000', 'content-length': '600', etag: '"v1"' }, resumeAt(400), url)
    expect(plan).toMatchObject({ action: 'write', offset: 400, total: 1000 })
  })

  it.each([
    ['starts elsewhere', { 'content-range': 'bytes 0-999/1000' }],
    ['has another total', { 'content-range': 'bytes 400-1199/1200' }],
    ['has another ETag', { 'content-range': 'bytes 400-999/1000', etag: '"v2"' }],
    ['stops short of the end', { 'content-range': 'bytes 400-599/1000' }],
    ['has no Content-Range', {}],
    ['disagrees with its Content-Length', { 'content-range': 'bytes 400-999/1000', 'content-length': '10' }]
  ])('restarts when a 206 %s', (_name, headers) => {
    expect(planResponse(206, headers, resumeAt(400), url)).toEqual({ action: 'restart' })
  })

  it('restarts on 416 while resuming, fails on it otherwise', () => {
    expect(planResponse(416, {}, resumeAt(400), url)).toEqual({ action: 'restart' })
    expect(() => planResponse(416, {}, null, url)).toThrow(expect.objectContaining({ code: 'http_status', retryable: true }))
  })

  it('classifies statuses', () => {
    expect(() => planResponse(404, {}, null, url)).toThrow(expect.objectContaining({ code: 'expired', retryable: false }))
    expect(() => planResponse(429, {}, null, url)).toThrow(expect.objectContaining({ code: 'http_status', retryable: true }))
    expect(() => planResponse(502, {}, null, url)).toThrow(expect.objectContaining({ retryable: true, status: 502 }))
    expect(() => planResponse(204, {}, null, url)).toThrow(expect.objectContaining({ code: 'http_status', retryable: true }))
  })

  it('rejects compressed bodies and bodies over the limit', () => {
    expect(() => planResponse(200, { 'content-encoding': 'gzip' }, null, url)).toThrow(expect.objectContaining({ code: 'bad_type' }))
    expect(() => planResponse(200, { 'content-length': '5000' }, null, url, 4000)).toThrow(expect.objectContaining({ code: 'too_large' }))
  })

  it('takes the SHA-256 to check from Repr-Digest, or from the older Digest header', () => {
    const hex = digest.toString('hex')
    const b64 = digest.toString('base64')
    expect(planResponse(200, { 'repr-digest': `sha-512=:abc=:, sha-256=:${b64}:` }, null, url)).toMatchObject({ sha256: hex })
    expect(planResponse(200, { digest: `SHA-256=${b64}` }, null, url)).toMatchObject({ sha256: hex })
    expect(planResponse(206, { 'content-range': 'bytes 400-999/1000', 'repr-digest': `sha-256=:${b64}:` }, resumeAt(400), url)).toMatchObject({ sha256: hex })
    // A 206 without a digest keeps checking against the one saved with the part.
    expect(planResponse(206, { 'content-range': 'bytes 400-999/1000' }, resumeAt(400, { sha256: hex }), url)).toMatchObject({ sha256: hex })
  })

  it('restarts a 206 announcing another digest than the one the part was started with', () => {
    const saved = resumeAt(400, { sha256: digest.toString('hex') })
    const headers = { 'content-range': 'bytes 400-999/1000', etag: '"v1"', 'repr-digest': `sha-256=:${otherDigest.toString('base64')}:` }
    expect(planResponse(206, headers, saved, url)).toEqual({ action: 'restart' })
  })

  it('never keeps a weak ETag for If-Range', () => {
    expect(validatorOf({ etag: 'W/"x"', 'last-modified': 'Tue, 01 Jul 2025 10:00:00 GMT' })).toEqual({
      lastModified: 'Tue, 01 Jul 2025 10:00:00 GMT'
    })
  })
})
