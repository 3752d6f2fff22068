// Decides, from a response's status and headers alone, whether its body can
// be written to the .part, whether the .part must be started over, or
// whether the download has failed. Kept free of I/O so each rule is easy to
// read and test.
import { DownloadError, statusError } from './errors'
import type { ResumePoint } from './part-state'

export type Headers = Record<string, string | string[] | undefined>

export interface Validator {
  etag?: string
  lastModified?: string
}

export type ResponsePlan =
  // The saved part does not match what the server offers: discard it, ask again.
  | { action: 'restart' }
  | {
      action: 'write'
      /** Where the body goes in the .part: 0 for a fresh file, else the resume offset. */
      offset: number
      /** Full size of the file when known. */
      total: number | null
      validator: Validator
      /** SHA-256 (hex) of the whole file, when the server announced it. */
      sha256?: string
    }

export function header(headers: Headers, name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

function parseLength(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value.trim())) return null
  return Number(value.trim())
}

interface ContentRange {
  start: number
  end: number
  total: number | null
}

function parseContentRange(value: string | undefined): ContentRange | null {
  const m = value === undefined ? null : /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(value.trim())
  if (!m?.[1] || !m[2] || !m[3]) return null
  return { start: Number(m[1]), end: Number(m[2]), total: m[3] === '*' ? null : Number(m[3]) }
}

/** The validators of a response; weak ETags cannot be used for If-Range and are dropped. */
export function validatorOf(headers: Headers): Validator {
  const etag = header(headers, 'etag')
  const lastModified = header(headers, 'last-modified')
  return {
    ...(etag !== undefined && !etag.startsWith('W/') ? { etag } : {}),
    ...(lastModified !== undefined ? { lastModified } : {})
  }
}

/**
 * The SHA-256 the server announced for the whole file (RFC 9530
 * `Repr-Digest: sha-256=:<base64>:`, or the older `Digest: SHA-256=<base64>`),
 * in hex; undefined when it announced none we can check.
 */
export function announcedSha256(headers: Headers): string | undefined {
  const repr = header(headers, 'repr-digest')
  const legacy = header(headers, 'digest')
  const m = (repr !== undefined ? /(?:^|,)\s*sha-256=:([A-Za-z0-9+/=]+):/i.exec(repr) : null)
    ?? (legacy !== undefined ? /(?:^|,)\s*sha-256=([A-Za-z0-9+/=]+)/i.exec(legacy) : null)
  if (!m?.[1]) return undefined
  const bytes = Buffer.from(m[1], 'base64')
  return bytes.length === 32 ? bytes.toString('hex') : undefined
}

/** The If-Range value for a saved part, or undefined when it cannot be resumed safely. */
export function ifRangeFor(resume: ResumePoint): string | undefined {
  return resume.state.etag ?? resume.state.lastModified
}

function checkSize(total: number | null, maxBytes: number | undefined, url: string): void {
  if (total !== null && maxBytes !== undefined && total > maxBytes) {
    throw new DownloadError('too_large', `${url} is ${total} bytes, over the ${maxBytes} byte limit`, { retryable: false })
  }
}

function planPartial(headers: Headers, resume: ResumePoint, url: string, maxBytes?: number): ResponsePlan {
  const range = parseContentRange(header(headers, 'content-range'))
  const length = parseLength(header(headers, 'content-length'))
  const validator = validatorOf(headers)
  const saved = resume.state
  // Any disagreement means these bytes may belong to another version of the
  // file; appending them would corrupt it silently.
  if (range === null || range.start !== resume.offset) return { action: 'restart' }
  if (length !== null && length !== range.end - range.start + 1) return { action: 'restart' }
  if (range.total !== null && saved.total !== null && range.total !== saved.total) return { action: 'restart' }
  if (validator.etag !== undefined && saved.etag !== undefined && validator.etag !== saved.etag) return { action: 'restart' }
  const total = range.total ?? saved.total
  if (total !== null && range.end !== total - 1) return { action: 'restart' }
  checkSize(total, maxBytes, url)
  const sha256 = announcedSha256(headers) ?? saved.sha256
  // The same file cannot have two digests: the saved prefix is of another version.
  if (saved.sha256 !== undefined && sha256 !== saved.sha256) return { action: 'restart' }
  return { action: 'write', offset: resume.offset, total, validator: { etag: saved.etag, lastModified: saved.lastModified }, ...(sha256 ? { sha256 } : {}) }
}

export function planResponse(
  status: number,
  headers: Headers,
  resume: ResumePoint | null,
  url: string,
  maxBytes?: number
): ResponsePlan {
  const encoding = header(headers, 'content-encoding')
  if ((status === 200 || status === 206) && encoding !== undefined && encoding !== 'identity') {
    // Identity was requested; compressed bytes would be stored as if they were the file.
    throw new DownloadError('bad_type', `${url} was sent ${encoding}-encoded`, { retryable: true })
  }
  if (status === 200) {
    const total = parseLength(header(headers, 'content-length'))
    checkSize(total, maxBytes, url)
    return { action: 'write', offset: 0, total, validator: validatorOf(headers), ...withDigest(headers) }
  }
  if (status === 206 && resume !== null) return planPartial(headers, resume, url, maxBytes)
  if (status === 206) {
    // A partial answer to a plain request is only usable if it is the whole file.
    const range = parseContentRange(header(headers, 'content-range'))
    if (range !== null && range.start === 0 && range.total !== null && range.end === range.total - 1) {
      checkSize(range.total, maxBytes, url)
      return { action: 'write', offset: 0, total: range.total, validator: validatorOf(headers), ...withDigest(headers) }
    }
    throw new DownloadError('http_status', `${url} sent a partial answer to a full request`, { retryable: true, status })
  }
  if (status === 416 && resume !== null) return { action: 'restart' }
  throw statusError(status, url)
}

function withDigest(headers: Headers): { sha256?: string } {
  const sha256 = announcedSha256(headers)
  return sha256 ? { sha256 } : {}
}
