// The API key as it is stored: with the origins it was given for (the service's and the
// legacy endpoint's), so that a changed address, even one changed while the app was
// closed, never receives it. Both secret stores keep this record as one encrypted or
// owner-only text, so the key and its binding are written and read together.
import { z } from 'zod'
import { legacyBaseUrlOf, originOf } from '../../../shared/app/service-url'

export interface KeyOrigins {
  service: string
  legacy: string
}

export interface StoredKey {
  apiKey: string
  /** null for a key stored by a version that did not bind keys. */
  origins: KeyOrigins | null
}

const storedKeySchema = z.object({
  apiKey: z.string().min(1),
  origins: z.object({ service: z.string().min(1), legacy: z.string().min(1) })
})

/** Where a key given now would be sent; null while no base URL is set. */
export function keyOriginsOf(s: { baseUrl: string; legacyBaseUrl: string }): KeyOrigins | null {
  const service = originOf(s.baseUrl)
  const legacy = originOf(legacyBaseUrlOf(s))
  return service && legacy ? { service, legacy } : null
}

export function sameOrigins(a: KeyOrigins | null, b: KeyOrigins | null): boolean {
  return !!a && !!b && a.service === b.service && a.legacy === b.legacy
}

export function encodeStoredKey(key: StoredKey & { origins: KeyOrigins }): string {
  return JSON.stringify({ apiKey: key.apiKey, origins: key.origins })
}

/** The secret store holds something that is not a key: the user is asked for the key again. */
export class UnreadableKeyError extends Error {
  constructor() {
    super('The saved API key could not be read (its file is damaged or was written on another account); enter the key again')
    this.name = 'UnreadableKeyError'
  }
}

/**
 * Reads what a secret store holds: the record, or a bare key written by an earlier
 * version; null when it holds nothing. Throws UnreadableKeyError for anything else.
 */
export function decodeStoredKey(text: string): StoredKey | null {
  const trimmed = text.trim()
  if (!trimmed) return null
  // A bare key starts with the service's prefix, never with '{': a record cut short is
  // unreadable, not a key, and is never sent.
  if (!trimmed.startsWith('{')) return { apiKey: trimmed, origins: null }
  let record: ReturnType<typeof storedKeySchema.safeParse>
  try {
    record = storedKeySchema.safeParse(JSON.parse(trimmed))
  } catch {
    throw new UnreadableKeyError()
  }
  if (!record.success) throw new UnreadableKeyError()
  return record.data
}
