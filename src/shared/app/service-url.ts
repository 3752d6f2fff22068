// The rules for the addresses the API key is sent to: the service's base URL and the legacy
// endpoint's. The key travels in a header, so over plain http anyone on the way could read
// it; only this computer's own addresses may go without TLS (the demo service, a local
// proxy). The app, the settings file and the command line all apply these rules.

/** Where the legacy endpoint is when no legacy URL is set: under the base URL (see the service profile). */
const LEGACY_PATH = '/legacy'

export const INSECURE_URL_MESSAGE = 'Must use https:// (plain http:// is allowed only for this computer: localhost, 127.x.x.x or [::1])'

/** The legacy endpoint's base URL: the one set, or the default under the base URL. */
export function legacyBaseUrlOf(s: { baseUrl: string; legacyBaseUrl: string }): string {
  if (s.legacyBaseUrl) return s.legacyBaseUrl
  return s.baseUrl ? `${s.baseUrl.replace(/\/+$/, '')}${LEGACY_PATH}` : ''
}

/**
 * localhost, 127.0.0.0/8 or ::1, as the URL parser writes the host: it has already turned
 * every spelling of a loopback address (`127.1`, `0x7f000001`, full-width digits, `[0::1]`)
 * into these, so what passes is where the request really goes. `localhost.` does not pass:
 * not every resolver answers it from the hosts file, and one that asks DNS lets whoever
 * answers choose where the key goes.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase()
  if (host === 'localhost' || host === '[::1]') return true
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
}

/** True for an https URL, or an http URL to this computer; false for anything else. */
export function isSecureServiceUrl(url: string): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (parsed.protocol === 'https:') return true
  return parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname)
}

/** The origin (scheme, host and port) of a URL, or null for '' or an unparsable one. */
export function originOf(url: string): string | null {
  if (!url) return null
  try {
    const origin = new URL(url).origin
    return origin === 'null' ? null : origin
  } catch {
    return null
  }
}
