// Engine benchmark, poll schedule: jobs of 20 s, 2 min and 10 min with steady progress and
// jobs that stall for about a minute just before they finish, tracked by polling alone
// (no webhooks). For each: completion-to-screen latency, from the service's completion to
// the engine's job event with COMPLETED (which the app relays to the page as
// `job.updated`), and requests per job, for the adaptive schedule against the fixed one it
// replaced, in the same run.
//
// Runs: "fixed" and "adaptive" ask about each job on its own (GET /v2/jobs/{id}), so each
// job's requests and latency are those of a job alone; "adaptive, together" is the app as
// shipped, where one list call answers for every running job.
//
// The demo service runs in its own process, as a remote service would: its rendering
// shares neither the engine's event loop nor its thread pool. The jobs of a kind are sent
// a little apart, as a user sends them, so that their ends do not all fall at once.
//
// Time is scaled: the demo service runs SCALE times faster and every duration of both
// schedules is divided by SCALE. A job's latency is taken in two parts: from the service's
// completion to the look (the request) that finds it, which the schedule decides and which
// is multiplied back by SCALE; and from that look to the engine's event (the round trip,
// the journal's fsync), which the schedule does not touch and which is counted as it was
// measured, not multiplied. Timer lateness on a loaded machine still counts SCALE times
// over: a handicap, never a help; the machine's load is printed beside the figures.
// Request counts do not depend on the scale.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { Engine, type EngineOptions } from '../src/main/core/engine'
import { adaptiveSchedule, DEFAULT_POLL_POLICY, scalePolicy } from '../src/main/core/jobs/poll-schedule'
import type { JobView } from '../src/shared/app/views'
import { fixedSchedule } from './baseline/fixed-poll-schedule'
import { recordingProxy, type ProxiedRequest } from './recording-proxy'

const SCALE = Number(process.env.BENCH_ENGINE_SCALE ?? 10)

interface Kind {
  name: string
  group: 'steady' | 'stall'
  /** The demo service's markers for job i of this kind. */
  marker: (i: number) => string
  count: number
}

const KINDS: Kind[] = [
  { name: '20 s', group: 'steady', marker: () => '#takes=20', count: 6 },
  { name: '2 min', group: 'steady', marker: () => '#takes=120', count: 6 },
  { name: '10 min', group: 'steady', marker: () => '#takes=600', count: 6 },
  // Stalls of 45 to 73.5 s at the first step, then done within about a second: the case
  // of a job held for long and let go. Their lengths differ so that the end falls at
  // every point between two looks.
  { name: 'stalled ~1 min', group: 'stall', marker: (i) => `#stall=${45 + 1.5 * i}`, count: 20 }
]

interface Outcome {
  kind: Kind
  /** Service time (ms) from the service's completion to the engine's event. */
  latencyMs: number
  /** Service time (ms) from submission to completion. */
  jobMs: number
  requests: number
}

/** The nearest-rank percentile: of 20 values, p95 is the 19th smallest. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
}

/** Requests that looked at jobs: GET of one job (by its id), or the list of running ones. */
function pollsOf(requests: readonly ProxiedRequest[]): { byJob: Map<string, number>; lists: number } {
  const byJob = new Map<string, number>()
  let lists = 0
  for (const { line } of requests) {
    const one = /^GET \/v2\/jobs\/([^/?]+)$/.exec(line)
    if (one) byJob.set(one[1]!, (byJob.get(one[1]!) ?? 0) + 1)
    else if (/^GET \/v2\/jobs\?.*status=/.test(line)) lists++
  }
  return { byJob, lists }
}

/** When the first look that found each job COMPLETED arrived at the service. */
function completingLooks(requests: readonly ProxiedRequest[]): Map<string, number> {
  const found = new Map<string, number>()
  for (const r of requests) {
    const id = /^GET \/v2\/jobs\/([^/?]+)$/.exec(r.line)?.[1]
    if (id && !found.has(id) && r.body?.includes('"status":"COMPLETED"')) found.set(id, r.at)
  }
  return found
}

interface SimProcess {
  child: ChildProcess
  url: string
  apiKey: string
}

/** The demo service in a process of its own, with `--rate-limit` (per second, service time) or none. */
async function startSimProcess(dataDir: string, rateLimit: number | null): Promise<SimProcess> {
  const args = ['--import', 'tsx', 'src/simulator/cli.ts', '--port', '0', '--speed', String(SCALE), '--credits', '10000000',
    '--data-dir', dataDir, '--rate-limit', rateLimit === null ? 'off' : String(rateLimit * SCALE)]
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const found = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`simulator did not start:\n${output}`)), 60_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const m = /listening on (\S+)\napi key: (\S+)/.exec(output)
      if (m) {
        clearTimeout(timer)
        resolve(m)
      }
    })
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()))
    child.once('exit', (code) => reject(new Error(`simulator exited (${code}):\n${output}`)))
  })
  return { child, url: found[1]!, apiKey: found[2]! }
}

async function stopSimProcess(sim: SimProcess): Promise<void> {
  if (sim.child.exitCode !== null) return
  const exited = once(sim.child, 'exit')
  sim.child.kill('SIGTERM')
  await exited
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function run(polling: EngineOptions['polling'], rateLimit: number | null): Promise<Outcome[]> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-schedule-'))
  const sim = await startSimProcess(join(dir, 'service'), rateLimit)
  const proxy = await recordingProxy(sim.url)
  const engine = new Engine({ dataDir: join(dir, 'engine'), baseUrl: proxy.url, legacyBaseUrl: `${proxy.url}/legacy`, apiKey: () => sim.apiKey, webhooks: { mode: 'off' }, polling })
  const seen = new Map<string, { at: number; view: JobView }>()
  const total = KINDS.reduce((n, k) => n + k.count, 0)
  let allSeen: () => void = () => undefined
  const done = new Promise<void>((resolve) => (allSeen = resolve))
  engine.on('job', (view) => {
    if (view.status !== 'COMPLETED' || !view.jobId || seen.has(view.jobId)) return
    seen.set(view.jobId, { at: Date.now(), view })
    if (seen.size === total) allSeen()
  })
  try {
    await engine.start()
    // Job i of each kind is sent i × 1.7 s (service time) after the first.
    const ids = (await Promise.all(KINDS.map(async (kind) => {
      const sent: { kind: Kind; jobId: string }[] = []
      for (let i = 0; i < kind.count; i++) {
        if (i > 0) await sleep(1700 / SCALE)
        sent.push({ kind, jobId: (await engine.submit({ model: 'i1-1', prompt: `benchmark ${kind.name} ${i} ${kind.marker(i)}` })).jobId! })
      }
      return sent
    }))).flat()
    const limit = (700_000 / SCALE) + 60_000
    await Promise.race([done, new Promise((_, reject) => setTimeout(() => reject(new Error(`jobs not all seen completed within ${limit} ms`)), limit).unref())])
    const { byJob, lists } = pollsOf(proxy.requests())
    const looks = completingLooks(proxy.requests())
    return ids.map(({ kind, jobId }) => {
      const { at, view } = seen.get(jobId)!
      const completedAt = Date.parse(view.completedAt!)
      const lookAt = Math.min(at, Math.max(completedAt, looks.get(jobId) ?? at))
      return {
        kind,
        latencyMs: (lookAt - completedAt) * SCALE + (at - lookAt),
        jobMs: (completedAt - Date.parse(view.createdAt)) * SCALE,
        requests: (byJob.get(jobId) ?? 0) + lists / total
      }
    })
  } finally {
    await engine.close()
    await proxy.close()
    await stopSimProcess(sim)
    await rm(dir, { recursive: true, force: true })
  }
}

const budget = (o: Outcome) => 5 + o.jobMs / 10_000
const seconds = (ms: number) => (ms / 1000).toFixed(2)
const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length

/** "p50 0.31 s · p95 0.82 s · 14.2 requests/job (budget 17.0, worst +0.0)" for these jobs. */
function describe(outcomes: Outcome[]): string {
  const lat = outcomes.map((o) => o.latencyMs)
  const worst = Math.max(...outcomes.map((o) => o.requests - budget(o)))
  return `p50 ${seconds(percentile(lat, 50))} s · p95 ${seconds(percentile(lat, 95))} s · ` +
    `${mean(outcomes.map((o) => o.requests)).toFixed(1)} requests/job (budget ${mean(outcomes.map(budget)).toFixed(1)}, worst ${worst > 0 ? '+' : ''}${worst.toFixed(1)})`
}

export async function benchPollSchedule(): Promise<Record<string, string>> {
  const policy = scalePolicy(DEFAULT_POLL_POLICY, 1 / SCALE)
  const loadBefore = loadavg()[0]!
  // One run at a time, so that no run's work delays another's.
  const fixed = await run({ schedule: fixedSchedule(1 / SCALE), listRunning: false }, null)
  const adaptive = await run({ schedule: adaptiveSchedule(policy), listRunning: false }, null)
  // As shipped, against the service's default limit of 20 requests per second.
  const together = await run({ schedule: adaptiveSchedule(policy), listRunning: true }, 20)
  const figures: Record<string, string> = {}
  for (const kind of KINDS) {
    const of = (o: Outcome[]) => o.filter((x) => x.kind === kind)
    figures[`${kind.name}: fixed (baseline)`] = describe(of(fixed))
    figures[`${kind.name}: adaptive`] = describe(of(adaptive))
  }
  figures['all jobs: fixed (baseline), one GET per job'] = describe(fixed)
  figures['all jobs: adaptive, one GET per job'] = describe(adaptive)
  figures['all jobs: adaptive, one list call for all running (as shipped)'] = describe(together)
  const group = (g: Kind['group']) => adaptive.filter((o) => o.kind.group === g).map((o) => o.latencyMs)
  const steady = percentile(group('steady'), 95)
  const stall = percentile(group('stall'), 95)
  const within = adaptive.filter((o) => o.requests <= budget(o)).length
  figures['machine load (1-min average, before → after; 2 cores)'] = `${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}`
  figures['targets (adaptive, each job alone)'] =
    `steady p95 ${seconds(steady)} s < 2 s ${steady < 2000 ? 'met' : 'NOT met'} · ` +
    `after a stall p95 ${seconds(stall)} s < 10 s ${stall < 10_000 ? 'met' : 'NOT met'} · ` +
    `≤ 5 + 1 per 10 s requests: ${within} of ${adaptive.length} jobs`
  return figures
}
