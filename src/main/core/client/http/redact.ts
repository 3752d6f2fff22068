// Keeps credentials out of anything the client throws.
//
// Auth headers arrive through a callback for each request and are never stored
// on the client, but text from elsewhere (an error body that echoes the key, a
// transport error message) could still carry one. Everything the client puts in
// an error passes through a redactor built from the request's secret header values.

export type Redactor = (text: string) => string

const REPLACEMENT = '[redacted]'

// Shorter values are not credentials, and replacing them would mangle ordinary text.
const MIN_SECRET_LENGTH = 8

// Per-request header names that may carry a credential (the auth callback's headers always count).
const SENSITIVE_NAME = /auth|key|token|secret|cookie|signature|password/i
const NOT_SENSITIVE = new Set(['idempotency-key'])

/** The values worth hiding: each header value, and each word of it (so "Bearer <jwt>" hides the token alone too). */
export function secretsOf(
  authHeaders: Readonly<Record<string, string>>,
  requestHeaders: Readonly<Record<string, string>> = {}
): string[] {
  const values = Object.values(authHeaders)
  for (const [name, value] of Object.entries(requestHeaders)) {
    if (SENSITIVE_NAME.test(name) && !NOT_SENSITIVE.has(name.toLowerCase())) values.push(value)
  }
  const secrets = new Set<string>()
  for (const value of values) {
    for (const part of [value, ...value.split(/\s+/)]) {
      const trimmed = part.trim()
      if (trimmed.length >= MIN_SECRET_LENGTH) secrets.add(trimmed)
    }
  }
  // Longest first, so a whole value is replaced before one of its words.
  return [...secrets].sort((a, b) => b.length - a.length)
}

export function makeRedactor(secrets: readonly string[]): Redactor {
  if (secrets.length === 0) return (text) => text
  return (text) => {
    let out = text
    for (const secret of secrets) out = out.split(secret).join(REPLACEMENT)
    return out
  }
}

export const noRedaction: Redactor = (text) => text
