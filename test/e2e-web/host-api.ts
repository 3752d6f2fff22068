// Calls a contract route on the host the way the page does (the token travels in a header),
// so a test can set up what it needs without driving other screens.
import type { AppHost } from './app-host'

export async function invoke<T>(app: AppHost, route: string, input: unknown): Promise<T> {
  const token = new URL(app.openUrl).hash.replace(/^#token=/, '')
  const res = await fetch(`${app.url}/api/invoke/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-host-token': token },
    body: JSON.stringify(input)
  })
  const body = (await res.json()) as { ok: boolean; data?: T; error?: { message: string } }
  if (!body.ok) throw new Error(`${route}: ${body.error?.message ?? res.status}`)
  return body.data as T
}
