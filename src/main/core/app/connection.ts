// Asks the service, with GET /v2/me, whether it accepts a key at a base URL, and says
// what it answered in the words the page shows. The app claims 'Connected' only after
// this check passes, and holds jobs waiting to be sent until it does.
import type { Me, ProfileOverride } from '../../../shared/api'
import type { Connection } from '../../../shared/app/settings'
import { AuthError, NetworkError } from '../client/http'
import { ServiceClient } from '../service/service-client'
import { tm } from '../i18n/main-i18n'

/** What a rejected key says, in main's language. */
const rejectedKeyMessage = (): string => tm('main:http.rejectedKey')

export interface VerifyTarget {
  baseUrl: string
  apiKey: string
  profileOverride?: ProfileOverride
  /** One quick look: the user is waiting for the answer in Settings. */
  timeoutMs?: number
}

export type Verified = { ok: true; me: Me } | { ok: false; connection: Connection }

/** The host part of a base URL, for "Cannot reach <host>". */
export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host || baseUrl
  } catch {
    return baseUrl
  }
}

/** What a failed check means for the connection. */
export function connectionFailure(err: unknown, baseUrl: string): Connection {
  if (err instanceof AuthError) return { state: 'rejected', message: rejectedKeyMessage() }
  if (err instanceof NetworkError) return { state: 'unreachable', message: tm('main:connection.unreachable', { host: hostOf(baseUrl) }) }
  const reason = err instanceof Error ? err.message.replace(/\.+$/, '') : tm('main:connection.answeredError')
  return { state: 'failing', message: tm('main:connection.checkFailed', { host: hostOf(baseUrl), reason }) }
}

export async function verifyAccount(target: VerifyTarget): Promise<Verified> {
  const client = new ServiceClient({
    baseUrl: target.baseUrl,
    legacyBaseUrl: target.baseUrl,
    apiKey: () => target.apiKey,
    timeoutMs: target.timeoutMs ?? 10_000,
    // A refused connection is the answer; retrying it for a minute would only keep
    // Settings spinning.
    maxRetries: 1,
    ...(target.profileOverride ? { profileOverride: target.profileOverride } : {})
  })
  try {
    return { ok: true, me: await client.me() }
  } catch (err) {
    return { ok: false, connection: connectionFailure(err, target.baseUrl) }
  }
}
