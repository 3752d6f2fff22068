// The page's Content-Security-Policy: the shared strict policy for a built app; the dev
// server's origin (and its websocket) added only in development.
import { describe, expect, it } from 'vitest'
import { pageCsp } from '../../../src/main/electron/page-csp'
import { CONTENT_SECURITY_POLICY } from '../../../src/shared/csp'

const directives = (csp: string) => new Map(csp.split(';').map((d) => d.trim()).filter(Boolean).map((d) => [d.split(/\s+/)[0] ?? '', d] as const))

describe('page CSP', () => {
  it('is the shared policy for a built app', () => {
    expect(pageCsp(null)).toBe(CONTENT_SECURITY_POLICY)
    expect(pageCsp(null)).not.toContain('unsafe-inline')
  })

  it('lets the dev server run its inline preamble and websocket, and nothing more', () => {
    const dev = directives(pageCsp('http://localhost:5173'))
    expect(dev.get('script-src')).toBe("script-src 'self' http://localhost:5173 'unsafe-inline'")
    expect(dev.get('style-src')).toBe("style-src 'self' http://localhost:5173 'unsafe-inline'")
    expect(dev.get('connect-src')).toBe("connect-src 'self' http://localhost:5173 ws://localhost:5173")
    const built = directives(CONTENT_SECURITY_POLICY)
    for (const name of ['default-src', 'img-src', 'media-src', 'object-src', 'base-uri', 'form-action', 'frame-ancestors']) {
      expect(dev.get(name)).toBe(built.get(name))
    }
    expect(dev.size).toBe(built.size)
  })

  it('uses a secure websocket for an https dev server', () => {
    expect(directives(pageCsp('https://localhost:5173')).get('connect-src')).toBe("connect-src 'self' https://localhost:5173 wss://localhost:5173")
  })
})
