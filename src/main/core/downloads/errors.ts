// One error type for every way a download can fail, so callers (the queue,
// the library) can decide between "try again later" and "give up and tell
// the user" without parsing messages.

export type DownloadErrorCode =
  | 'http_status' // unexpected status; `status` says which
  | 'expired' // 404/410: the CDN no longer has the file
  | 'truncated' // the body ended before the announced length
  | 'bad_type' // the bytes are not the media we expected (an error page, JSON…)
  | 'network' // connection failed, reset or stalled
  | 'too_large' // over the caller's size limit
  | 'aborted' // the caller cancelled
  | 'io' // the local disk failed (full, permissions…)

export interface DownloadErrorInit {
  retryable: boolean
  status?: number
  cause?: unknown
}

export class DownloadError extends Error {
  readonly code: DownloadErrorCode
  readonly retryable: boolean
  readonly status: number | undefined

  constructor(code: DownloadErrorCode, message: string, init: DownloadErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause })
    this.name = 'DownloadError'
    this.code = code
    this.retryable = init.retryable
    this.status = init.status
  }
}

export function errorCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string'
    ? err.code
    : undefined
}

// Statuses a CDN returns while it is overloaded or briefly unavailable.
const RETRYABLE_STATUS = new Set([408, 425, 429, 500, 502, 503, 504])

export function statusError(status: number, url: string): DownloadError {
  if (status === 404 || status === 410) {
    return new DownloadError('expired', `${url} is gone (HTTP ${status})`, { retryable: false, status })
  }
  const retryable = RETRYABLE_STATUS.has(status) || status >= 500
  return new DownloadError('http_status', `${url} answered HTTP ${status}`, { retryable, status })
}

// Disk errors worth retrying: the user may free space, or another program
// (an antivirus scanner on Windows) may release the file.
const RETRYABLE_IO = new Set(['ENOSPC', 'EDQUOT', 'EMFILE', 'ENFILE', 'EBUSY', 'EAGAIN', 'EPERM'])

export function ioError(err: unknown): DownloadError {
  const code = errorCode(err)
  const retryable = code !== undefined && RETRYABLE_IO.has(code)
  const message = err instanceof Error ? err.message : String(err)
  return new DownloadError('io', `disk error: ${message}`, { retryable, cause: err })
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
