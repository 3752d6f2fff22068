// One error type for every way a download can fail, so callers (the queue,
// the library) can decide between "try again later" and "give up and tell
// the user" without parsing messages.
//
// Only the service can say an output is gone (404/410, `expired`). Every
// other failure, local or remote, is worth another try: a full disk gets
// space back, a permission is fixed, a cut body is resumed, a proxy stops
// misbehaving. So everything but 'expired', 'aborted' and a caller's own
// size limit ('too_large') is retryable.
import { errorCode } from '../fs/atomic-write'

export type DownloadErrorCode =
  | 'http_status' // unexpected status; `status` says which
  | 'expired' // 404/410: the CDN no longer has the file
  | 'truncated' // the body ended before the announced length
  | 'bad_type' // the bytes are not the media we expected (an error page, JSON…)
  | 'network' // connection failed, reset or stalled
  | 'too_large' // over the caller's size limit
  | 'aborted' // the caller cancelled
  | 'io' // the local disk failed (permissions, I/O error…)
  | 'disk_full' // no space left (or over quota) on the library's disk
  | 'verification' // the bytes on disk do not match the digest the CDN announced

export interface DownloadErrorInit {
  retryable: boolean
  status?: number
  cause?: unknown
  /** For 'disk_full': the free space the download needed, when known. */
  neededBytes?: number
}

export class DownloadError extends Error {
  readonly code: DownloadErrorCode
  readonly retryable: boolean
  readonly status: number | undefined
  readonly neededBytes: number | undefined

  constructor(code: DownloadErrorCode, message: string, init: DownloadErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause })
    this.name = 'DownloadError'
    this.code = code
    this.retryable = init.retryable
    this.status = init.status
    this.neededBytes = init.neededBytes
  }
}

export { errorCode }

export function statusError(status: number, url: string): DownloadError {
  if (status === 404 || status === 410) {
    return new DownloadError('expired', `${url} is gone (HTTP ${status})`, { retryable: false, status })
  }
  // Even a 403 or 400 may come from a proxy or a CDN edge in trouble; the
  // queue backs off, and the user is told while it waits.
  return new DownloadError('http_status', `${url} answered HTTP ${status}`, { retryable: true, status })
}

// Errors that mean the disk is out of room, not broken: the queue pauses
// until space comes back instead of retrying each file on its own.
const DISK_FULL = new Set(['ENOSPC', 'EDQUOT', 'EFBIG'])

/** A local file-system failure. Always retryable: the user can fix a disk, but not a purge. */
export function ioError(err: unknown): DownloadError {
  if (err instanceof DownloadError) return err
  const code = errorCode(err)
  const message = err instanceof Error ? err.message : String(err)
  if (code !== undefined && DISK_FULL.has(code)) {
    return new DownloadError('disk_full', `the disk is full (${message})`, { retryable: true, cause: err })
  }
  return new DownloadError('io', `disk error: ${message}`, { retryable: true, cause: err })
}

export function isAbortError(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false
  const name = 'name' in err ? err.name : undefined
  return name === 'AbortError' || errorCode(err) === 'ABORT_ERR' || errorCode(err) === 'UND_ERR_ABORTED'
}

/** Anything thrown while talking to the server that is not already classified. */
export function networkError(err: unknown, signal: AbortSignal | undefined): DownloadError {
  if (err instanceof DownloadError) return err
  if (signal?.aborted === true || isAbortError(err)) {
    return new DownloadError('aborted', 'download cancelled', { retryable: false, cause: err })
  }
  const message = err instanceof Error ? err.message : String(err)
  return new DownloadError('network', `network error: ${message}`, { retryable: true, cause: err })
}
