// The CDN: serves job outputs and uploads from disk with the headers a resuming
// downloader needs (Content-Length, ETag, Last-Modified, Accept-Ranges) and honours a
// single `Range` (206), `If-Range` (a mismatch sends the whole file) and
// `If-None-Match` (304). 200 and 206 carry `Repr-Digest`, the SHA-256 of the whole file,
// so a client can check what it assembled. Purged or unknown files answer 404.
import { stat } from 'node:fs/promises'
import type { Handler, SimContext } from '../context'
import type { Reply } from '../http'
import { fail } from '../http'
import { isJobExpired, isUploadExpired } from '../retention'

export interface CdnFile {
  path: string
  mime: string
}

interface CdnTarget {
  area: string
  id: string
  name: string
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1'])

function sameService(u: URL, base: URL): boolean {
  if (u.protocol !== base.protocol || u.port !== base.port) return false
  return u.hostname === base.hostname || (LOOPBACK.has(u.hostname) && LOOPBACK.has(base.hostname))
}

/** The CDN file a URL names when it points at this service's `/cdn/`, else null. */
export function ownCdnTarget(sim: SimContext, value: string): CdnTarget | null {
  if (!URL.canParse(value)) return null
  const u = new URL(value)
  if (!sameService(u, new URL(sim.baseUrl())) || !u.pathname.startsWith('/cdn/')) return null
  const [area = '', id = '', name = ''] = u.pathname.slice('/cdn/'.length).split('/')
  return { area, id, name }
}

function lookup(sim: SimContext, { area, id, name }: CdnTarget): CdnFile | null {
  try {
    if (area === 'jobs') {
      const job = sim.store.jobs.get(id)
      const out = job?.outputs?.find((f) => f.name === name)
      if (!job || !out || job.status !== 'COMPLETED' || isJobExpired(sim, job)) return null
      return { path: sim.files.pathOf('jobs', id, name), mime: out.mime }
    }
    if (area === 'uploads') {
      const upload = sim.store.uploads.get(id)
      if (!upload || upload.name !== name || isUploadExpired(sim, upload)) return null
      return { path: sim.files.pathOf('uploads', id, name), mime: upload.contentType }
    }
  } catch {
    // An id or name that cannot be a file of ours.
  }
  return null
}

/** The live file behind one of this service's CDN URLs, or null. */
export function ownCdnFile(sim: SimContext, value: string): CdnFile | null {
  const target = ownCdnTarget(sim, value)
  return target ? lookup(sim, target) : null
}

/** A single byte range of a file of `size` bytes; null = whole file; 'unsatisfiable' = 416. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!m || (m[1] === '' && m[2] === '')) return null // several ranges or nonsense: send it all
  if (m[1] === '') {
    const suffix = Number(m[2])
    if (suffix === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(m[1])
  const last = m[2] === '' ? Infinity : Number(m[2])
  if (last < start) return null // an invalid range is ignored (RFC 9110 §14.1.1)
  if (start >= size) return 'unsatisfiable'
  return { start, end: Math.min(last, size - 1) }
}

/** `If-Range` holds: the validator is our strong ETag, or our exact Last-Modified date. */
function ifRangeHolds(value: string | string[] | undefined, etag: string, lastModified: string): boolean {
  if (value === undefined) return true
  const v = (Array.isArray(value) ? (value[0] ?? '') : value).trim()
  return v.startsWith('"') || v.startsWith('W/') ? v === etag : v === lastModified
}

export const serveCdn: Handler = async ({ req, params, sim }) => {
  const [area = '', id = '', name = ''] = params
  const file = lookup(sim, { area, id, name })
  const info = file ? await stat(file.path).catch(() => null) : null
  if (!file || !info) throw fail(404, 'Not found')
  const size = info.size
  const etag = `"${size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`
  const lastModified = new Date(Math.floor(info.mtimeMs / 1000) * 1000).toUTCString()
  const headers = {
    'content-type': file.mime, etag, 'last-modified': lastModified, 'accept-ranges': 'bytes',
    'cache-control': 'private, max-age=3600'
  }
  if (req.headers['if-none-match'] === etag) return { status: 304, empty: true, headers }
  const range = ifRangeHolds(req.headers['if-range'], etag, lastModified) ? parseRange(req.headers.range, size) : null
  if (range === 'unsatisfiable') {
    return { status: 416, json: { error: 'Range not satisfiable' }, headers: { 'content-range': `bytes */${size}` } }
  }
  const digest = { 'repr-digest': await sim.digests.reprDigest(file.path, size, info.mtimeMs) }
  const reply: Reply = range === null
    ? { status: 200, file: size === 0 ? null : { path: file.path, start: 0, end: size - 1 }, headers: { ...headers, ...digest, 'content-length': size } }
    : {
        status: 206,
        file: { path: file.path, start: range.start, end: range.end },
        headers: { ...headers, ...digest, 'content-length': range.end - range.start + 1, 'content-range': `bytes ${range.start}-${range.end}/${size}` }
      }
  return reply
}
