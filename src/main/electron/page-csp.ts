// The Content-Security-Policy of the app's page, set as a response header by security.ts.
import { CONTENT_SECURITY_POLICY } from '../../shared/csp'

/**
 * The page's CSP. In development the Vite dev server injects inline module scripts (React
 * refresh) and inline styles and talks over a websocket, so those are allowed for its
 * origin only; a built app gets the shared policy unchanged.
 */
export function pageCsp(devOrigin: string | null): string {
  if (!devOrigin) return CONTENT_SECURITY_POLICY
  const ws = devOrigin.replace(/^http/, 'ws')
  const extra: Record<string, string> = {
    'script-src': `${devOrigin} 'unsafe-inline'`,
    'style-src': `${devOrigin} 'unsafe-inline'`,
    'connect-src': `${devOrigin} ${ws}`
  }
  return CONTENT_SECURITY_POLICY.split(';')
    .map((d) => d.trim())
    .map((d) => {
      const name = d.split(/\s+/)[0] ?? ''
      return extra[name] ? `${d} ${extra[name]}` : d
    })
    .join('; ')
}
