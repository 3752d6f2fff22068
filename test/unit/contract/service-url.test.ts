// The API key goes over plain http only to this computer. The rule reads the host as the
// URL parser (and so the HTTP client) reads it: a name or address that only looks like a
// loopback one is refused, and every spelling that really is one is taken as it.
import { describe, expect, it } from 'vitest'
import { isSecureServiceUrl } from '../../../src/shared/app/service-url'
import { settingsPatchSchema } from '../../../src/shared/app/settings'

/** Plain http to these would reach another computer (or fail): https is required. */
const LOOK_ALIKES = [
  ['a name that begins like localhost', 'http://localhost.evil.com'],
  ['a name that begins like 127.0.0.1', 'http://127.0.0.1.nip.io'],
  ['a loopback address as the user name', 'http://127.0.0.1@evil.com'],
  ['localhost and a port as user and password', 'http://localhost:80@evil.com'],
  ['a port glued to a name', 'http://127.0.0.1:8787.evil.com'],
  ['[::1] with a name after it', 'http://[::1].evil'],
  ['a percent-encoded dot', 'http://localhost%2Eevil.com'],
  ['an ideographic full stop', 'http://localhost\u3002evil.com'],
  ['a fragment holding the loopback name', 'http://evil.com#@localhost'],
  ['a backslash before the loopback name', 'http://evil.com\\@localhost'],
  ['a path holding the loopback address', 'http://evil.com/127.0.0.1'],
  ['a NUL in the name', 'http://127.0.0.1%00.evil.com'],
  ['a Cyrillic o in localhost', 'http://l\u043ecalhost'],
  ['a capital I for the l', 'http://locaIhost'],
  ['localhost with a trailing dot (may be asked of DNS)', 'http://localhost.'],
  ['localhost with two trailing dots', 'http://localhost..'],
  ['another computer’s name under localhost', 'http://localhost.localdomain'],
  ['an IPv4-mapped IPv6 address', 'http://[::ffff:127.0.0.1]'],
  ['0.0.0.0', 'http://0.0.0.0'],
  ['an address just past 127/8', 'http://128.0.0.1'],
  ['an address that is not one', 'http://127.0.0.256'],
  ['a port out of range', 'http://localhost:99999'],
  ['a WebSocket URL', 'ws://localhost:8787'],
  ['a file URL', 'file:///etc/passwd']
] as const

/** Every one of these is this computer, however it is written. */
const LOOPBACK = [
  ['localhost', 'http://localhost:8787'],
  ['localhost in capitals', 'http://LOCALHOST:8787'],
  ['the scheme in capitals', 'HTTP://127.0.0.1:8787'],
  ['anywhere in 127/8', 'http://127.255.255.254'],
  ['[::1]', 'http://[::1]:8787'],
  ['::1 written in full', 'http://[0:0:0:0:0:0:0:1]'],
  ['127.0.0.1 as hex', 'http://0x7f000001'],
  ['127.0.0.1 as one number', 'http://2130706433'],
  ['127.0.0.1 shortened', 'http://127.1'],
  ['127.0.0.1 in octal', 'http://0177.0.0.1'],
  ['127.0.0.1 with a trailing dot', 'http://127.0.0.1.'],
  ['127.0.0.1 in full-width digits', 'http://\uff11\uff12\uff17.\uff10.\uff10.\uff11'],
  ['localhost in full-width letters', 'http://\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54'],
  ['a user name on the loopback host', 'http://evil.com@127.0.0.1:8787']
] as const

describe('the loopback rule of service URLs', () => {
  it.each(LOOK_ALIKES)('refuses plain http to %s', (_what, url) => {
    expect(isSecureServiceUrl(url)).toBe(false)
    expect(settingsPatchSchema.safeParse({ baseUrl: url }).success).toBe(false)
  })

  it.each(LOOPBACK)('takes plain http to %s', (_what, url) => {
    // The parser's host is what the HTTP client connects to.
    expect(['localhost', '[::1]'].includes(new URL(url).hostname) || new URL(url).hostname.startsWith('127.')).toBe(true)
    expect(isSecureServiceUrl(url)).toBe(true)
    expect(settingsPatchSchema.safeParse({ baseUrl: url }).success).toBe(true)
  })

  it('takes https to any host, look-alikes included', () => {
    for (const [, url] of LOOK_ALIKES) if (url.startsWith('http://') && URL.canParse(url)) expect(isSecureServiceUrl(url.replace(/^http:/, 'https:'))).toBe(true)
    expect(isSecureServiceUrl('https://api.example.com')).toBe(true)
  })

  it('refuses what is not a URL', () => {
    for (const url of ['', 'localhost:8787', '127.0.0.1', '//localhost', 'http://', 'http://[::1']) expect(isSecureServiceUrl(url)).toBe(false)
  })
})
