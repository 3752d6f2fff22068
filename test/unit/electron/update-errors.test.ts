// What a failed check or download means: offline is quiet, a signature or checksum that
// does not verify is a refusal, anything else a failure.
import { describe, expect, it } from 'vitest'
import { classifyUpdateError } from '../../../src/main/electron/update-errors'
import { FeedSignatureError } from '../../../src/main/electron/update-signature'

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code })

describe('a failed update, classified', () => {
  it('is unreachable when the network or the server is not there', () => {
    for (const err of [
      new Error('net::ERR_CONNECTION_REFUSED'),
      new Error('net::ERR_INTERNET_DISCONNECTED'),
      new Error('net::ERR_NAME_NOT_RESOLVED'),
      new Error('net::ERR_CERT_AUTHORITY_INVALID'),
      withCode('connect ECONNREFUSED 127.0.0.1:1', 'ECONNREFUSED'),
      withCode('getaddrinfo ENOTFOUND updates.example', 'ENOTFOUND'),
      withCode('503 Service Unavailable', 'HTTP_ERROR_503'),
      withCode('404 Not Found', 'HTTP_ERROR_404'),
      new Error('Request timed out')
    ]) {
      expect(classifyUpdateError(err).kind, err.message).toBe('unreachable')
    }
  })

  it('is a refusal when the feed’s signature or the file’s checksum does not verify', () => {
    expect(classifyUpdateError(new FeedSignatureError('mismatch'))).toMatchObject({ kind: 'refused', reason: 'signature' })
    expect(classifyUpdateError(new FeedSignatureError('missing'))).toMatchObject({ kind: 'refused', reason: 'signature' })
    expect(classifyUpdateError(withCode('sha512 checksum mismatch, expected abc, got def', 'ERR_CHECKSUM_MISMATCH'))).toMatchObject({ kind: 'refused', reason: 'checksum' })
    expect(classifyUpdateError(new Error('checksum mismatch: expected a but got b (X-Checksum-Sha2 header)'))).toMatchObject({ kind: 'refused', reason: 'checksum' })
  })

  it('is a failure otherwise, with the first line of what went wrong', () => {
    expect(classifyUpdateError(withCode('ENOSPC: no space left on device, write\n    at …', 'ENOSPC'))).toEqual({ kind: 'failed', detail: 'ENOSPC: no space left on device, write' })
    expect(classifyUpdateError(withCode('HTTP 403', 'HTTP_ERROR_403')).kind).toBe('failed')
    expect(classifyUpdateError('a string').kind).toBe('failed')
  })
})
