// Engine benchmark: API requests per job and completion-to-file latency (p50, p95), with
// polling only and with webhooks, against the demo service on loopback. Polling is the
// baseline the webhook figures are compared with, in the same run. Then the poll schedule
// (engine-schedule.ts): jobs of 20 s, 2 min, 10 min and stalled ones, adaptive against fixed.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSimulator } from '../src/simulator'
import { Engine, type WebhookMode } from '../src/main/core/engine'
import { recordingProxy } from './recording-proxy'
import { benchPollSchedule } from './engine-schedule'

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

async function scenario(mode: WebhookMode, jobs: number) {
  const dir = await mkdtemp(join(tmpdir(), 'bench-engine-'))
  const sim = await startSimulator({ port: 0, speed: 0.5, allowPrivateWebhooks: true, dataDir: join(dir, 'service') })
  const proxy = await recordingProxy(sim.url)
  const engine = new Engine({ dataDir: join(dir, 'engine'), baseUrl: proxy.url, legacyBaseUrl: `${proxy.url}/legacy`, apiKey: () => sim.apiKey, webhooks: { mode } })
  await engine.start()
  const before = proxy.count()
  const ids: string[] = []
  for (let i = 0; i < jobs; i++) ids.push((await engine.submit({ model: 'i1-1', prompt: `benchmark ${mode} ${i}` })).jobId!)
  await engine.settle(300_000)
  const requests = proxy.count() - before
  const latencies = ids.map((id) => {
    const e = engine.getEntry(id)!
    return Date.parse(e.savedAt!) - Date.parse(e.completedAt!)
  })
  await engine.close()
  await proxy.close()
  await sim.close()
  await rm(dir, { recursive: true, force: true })
  return { requestsPerJob: requests / jobs, p50: percentile(latencies, 50), p95: percentile(latencies, 95) }
}

export async function benchEngine(jobs = 30): Promise<Record<string, number | string>> {
  const polling = await scenario('off', jobs)
  const hooks = await scenario('local', jobs)
  return {
    jobs,
    'requests/job, polling': +polling.requestsPerJob.toFixed(2),
    'requests/job, webhooks': +hooks.requestsPerJob.toFixed(2),
    'requests ratio webhooks/polling': +(hooks.requestsPerJob / polling.requestsPerJob).toFixed(2),
    'completion→file p50 ms, polling': polling.p50,
    'completion→file p95 ms, polling': polling.p95,
    'completion→file p50 ms, webhooks': hooks.p50,
    'completion→file p95 ms, webhooks': hooks.p95,
    'p50 ratio webhooks/polling': +(hooks.p50 / polling.p50).toFixed(2),
    'target: webhook p50 < 1000 ms': hooks.p50 < 1000 ? 'met' : 'NOT met',
    ...(await benchPollSchedule())
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await benchEngine())
}
