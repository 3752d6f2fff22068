// What the engine's log must never hold: fields that carry credentials (censored by name,
// through pino's `redact` paths) and the API keys themselves wherever they appear, in a
// message, an error's text or any field value (replaced in each finished line).

export const CENSOR = '***'

const SENSITIVE_FIELDS = ['apiKey', 'api_key', 'authorization', 'Authorization', 'x-api-key', 'X-Api-Key', 'webhook_secret', 'webhookSecret', 'x-webhook-secret']

/** pino redact paths: each sensitive name at the top, one level down, and in a `headers` object one level down. */
export const SENSITIVE_PATHS: string[] = SENSITIVE_FIELDS.flatMap((name) =>
  /^[A-Za-z_$][\w$]*$/.test(name)
    ? [name, `*.${name}`, `*.headers.${name}`]
    : // Names with a hyphen take the bracket form.
      [`["${name}"]`, `*["${name}"]`, `*.headers["${name}"]`]
)

// Shorter strings would match by accident and garble the log; the app refuses keys
// shorter than this anyway.
const MIN_SECRET_LENGTH = 8

/** Replaces every occurrence of each secret in a serialized line, raw or JSON-escaped. */
export function replaceSecrets(line: string, secrets: readonly string[]): string {
  let out = line
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue
    out = out.split(secret).join(CENSOR)
    // Inside a JSON string a key with quotes, backslashes or control characters is escaped.
    const escaped = JSON.stringify(secret).slice(1, -1)
    if (escaped !== secret) out = out.split(escaped).join(CENSOR)
  }
  return out
}
