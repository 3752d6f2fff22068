// Who is calling. v2 routes take the key in `X-API-Key`; the legacy routes take it bare
// in `Authorization` (no scheme word). Keys are compared in constant time.
import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

function sameKey(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false
  const a = Buffer.from(given, 'utf8')
  const b = Buffer.from(expected, 'utf8')
  return a.length === b.length && timingSafeEqual(a, b)
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value[0] : value
}

export type AuthScheme = 'v2' | 'legacy' | 'none'

/** The key the request carries for its scheme (whether valid or not). */
export function presentedKey(req: IncomingMessage, scheme: AuthScheme): string | undefined {
  if (scheme === 'v2') return header(req, 'x-api-key')?.trim()
  if (scheme === 'legacy') return header(req, 'authorization')?.trim()
  return undefined
}

export function isAuthorized(req: IncomingMessage, scheme: AuthScheme, apiKey: string): boolean {
  return scheme === 'none' || sameKey(presentedKey(req, scheme), apiKey)
}
