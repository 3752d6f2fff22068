// What a failed update check or download means for the user. Three kinds:
//   unreachable  the feed or file could not be fetched (offline, server down, no feed yet):
//                logged, tried again later, never a toast;
//   refused      the feed's signature or the file's SHA-512 did not verify: nothing was or
//                will be installed, and the user is told once;
//   failed       anything else (a full disk, a malformed feed the publisher signed): logged
//                and shown in Settings.
// Electron's network stack reports failures as `net::ERR_*` messages; Node's (used by the
// tests' stand-in and by electron-updater's helpers) as error codes.

export type RefusalReason = 'signature' | 'checksum'
export type UpdateFailure =
  | { kind: 'unreachable'; detail: string }
  | { kind: 'failed'; detail: string }
  | { kind: 'refused'; reason: RefusalReason; detail: string }

const NET_UNREACHABLE =
  /net::ERR_(INTERNET_DISCONNECTED|CONNECTION_(REFUSED|RESET|CLOSED|ABORTED|TIMED_OUT|FAILED)|NAME_NOT_RESOLVED|NAME_RESOLUTION_FAILED|ADDRESS_(UNREACHABLE|INVALID)|NETWORK_(CHANGED|IO_SUSPENDED|ACCESS_DENIED)|TIMED_OUT|EMPTY_RESPONSE|PROXY_CONNECTION_FAILED|TUNNEL_CONNECTION_FAILED|CERT_[A-Z_]+|SSL_[A-Z_]+)\b/
const NODE_UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE'])
/** HTTP answers that mean "not here now": no feed published yet, a server error, too many requests. */
const HTTP_UNREACHABLE = /^HTTP_ERROR_(404|408|429|5\d\d)$/

interface ErrorLike {
  code?: unknown
  message?: unknown
}

function codeOf(err: unknown): string {
  const code = (err as ErrorLike | null)?.code
  return typeof code === 'string' ? code : ''
}

function messageOf(err: unknown): string {
  const message = (err as ErrorLike | null)?.message
  return typeof message === 'string' ? message : String(err)
}

export function classifyUpdateError(err: unknown): UpdateFailure {
  const code = codeOf(err)
  const detail = messageOf(err).split('\n')[0]!.slice(0, 500)
  if (code === 'ERR_UPDATE_SIGNATURE') return { kind: 'refused', reason: 'signature', detail }
  // The download's SHA-512 (or a server's X-Checksum-Sha2 header) disagreed with the signed feed.
  if (code === 'ERR_CHECKSUM_MISMATCH' || /checksum mismatch/i.test(detail)) return { kind: 'refused', reason: 'checksum', detail }
  if (NODE_UNREACHABLE.has(code) || HTTP_UNREACHABLE.test(code) || NET_UNREACHABLE.test(detail) || /request timed out/i.test(detail)) {
    return { kind: 'unreachable', detail }
  }
  return { kind: 'failed', detail }
}
