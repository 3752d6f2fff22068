// Reaches the demo service that the host started, as a test hook: its address comes from
// the app (`app.info`, through the host's contract) and its key from the demo service's own
// saved state in the app's data folder, since the page never learns any key.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { AppHost } from './app-host'

async function demoService(app: AppHost): Promise<{ url: string; apiKey: string }> {
  const token = new URL(app.openUrl).hash.replace(/^#token=/, '')
  const res = await fetch(`${app.url}/api/invoke/app.info`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-host-token': token },
    body: '{}'
  })
  const info = (await res.json()) as { ok: boolean; data?: { mode: string; baseUrl: string } }
  if (!info.ok || info.data?.mode !== 'demo') throw new Error(`the app is not in demo mode: ${JSON.stringify(info)}`)
  const state = JSON.parse(await readFile(join(app.dataDir, 'demo', 'service', 'state.json'), 'utf8')) as { apiKey: string }
  return { url: info.data.baseUrl, apiKey: state.apiKey }
}

/** Lets the demo service's held jobs (`#hold` in the prompt) go on; answers how many went. */
export async function releaseHeldJobs(app: AppHost): Promise<number> {
  const demo = await demoService(app)
  const res = await fetch(`${demo.url}/_sim/release`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': demo.apiKey },
    body: '{}'
  })
  if (res.status !== 200) throw new Error(`release: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { released: number }).released
}

/** Sets the demo team's balance, so a test can run short of credits without spending them. */
export async function setDemoCredits(app: AppHost, credits: number): Promise<void> {
  const demo = await demoService(app)
  const res = await fetch(`${demo.url}/_sim/credits`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': demo.apiKey },
    body: JSON.stringify({ credits })
  })
  if (res.status !== 200) throw new Error(`credits: ${res.status} ${await res.text()}`)
}
