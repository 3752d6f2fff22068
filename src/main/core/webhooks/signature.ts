// The service's webhook signature rule: the secret is the hex SHA-256 of the API key; the
// signature is `sha256=` + hex HMAC-SHA256 of the raw body keyed with that secret.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

export function webhookSecretFor(apiKey: string): string {
  return createHash('sha256').update(apiKey, 'utf8').digest('hex')
}

export function signBody(secret: string, body: Uint8Array): string {
  return 'sha256=' + createHmac('sha256', secret).update(body).digest('hex')
}

/** Constant-time check of a signature header against the raw bytes. */
export function verifySignature(secret: string, body: Uint8Array, header: string | undefined): boolean {
  if (!header) return false
  const expected = Buffer.from(signBody(secret, body), 'utf8')
  const given = Buffer.from(header.trim(), 'utf8')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** Constant-time comparison of the legacy `x-webhook-secret` header. */
export function verifyLegacySecret(expected: string, header: string | undefined): boolean {
  if (!header) return false
  const a = createHash('sha256').update(expected).digest()
  const b = createHash('sha256').update(header).digest()
  return timingSafeEqual(a, b)
}
