// The demo service: a local stand-in for the media generation service that implements
// the default profile (see the service profile). The app's demo mode starts
// it in-process; `cli.ts` runs it on its own.
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getModel } from '../shared/api'
import type { SimContext } from './context'
import { FaultInjector, type FaultConfig, type FaultPatch } from './faults'
import { DigestCache } from './file-digest'
import { JobRunner } from './lifecycle'
import { LoraRunner } from './lora-lifecycle'
import { checkRateLimit, DEFAULT_RATE_LIMIT, RateLimiter, type RateLimitConfig } from './rate-limit'
import { sweep } from './retention'
import { buildRoutes, CREDITS_PATH, FAULTS_PATH, LEGACY_PREFIX, RELEASE_PATH } from './router'
import { createSimServer } from './server'
import type { ServiceState, SimConfig } from './service-state'
import { FileStore } from './state/files'
import { FOREIGN_LORA_ID, Store } from './state/store'
import { systemResolver, type HostResolver } from './webhook-target'
import { WebhookSender } from './webhooks'

export type { FaultConfig, FaultPatch } from './faults'
export type { RateLimitConfig } from './rate-limit'
export type { HostResolver } from './webhook-target'
export { CREDITS_PATH, FAULTS_PATH, FOREIGN_LORA_ID, LEGACY_PREFIX, RELEASE_PATH }

export interface SimulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number
  host?: string
  /** Default: the key saved in `dataDir`, else a new `mgk_` + 32 hex digits. */
  apiKey?: string
  /** Team credits. Default: those saved in `dataDir`, else 100000. */
  credits?: number
  /** Divides every duration: processing, LoRA training, webhook retry delays. */
  speed?: number
  /** CDN retention of outputs, default 86400 (24 h). */
  retentionSeconds?: number
  /** Keeps state and files here across restarts; without it, a temp folder is used and removed. */
  dataDir?: string
  /** Accepts loopback and private webhook URLs (the app's local listener). */
  allowPrivateWebhooks?: boolean
  /** Resolves webhook host names (default: the system's resolver), checked unless private webhooks are allowed. */
  resolveHost?: HostResolver
  faults?: FaultPatch
  /** The clock for dates, retention and expiry (not for the pace of jobs). */
  now?: () => number
  /** Per-caller rate limit; default 20 requests/s with bursts of 40 (`rateLimitOf(20)`); false turns it off. */
  rateLimit?: RateLimitConfig | false
  /** New jobs stay QUEUED until `releaseJobs()`. */
  holdJobs?: boolean
  /** Models whose pictures carry Content Credentials signed with a TEST certificate (see signing/); default none. */
  signModels?: readonly string[]
  /** Where unexpected errors are reported; default stderr. */
  log?: (message: string) => void
}

export interface Simulator {
  url: string
  legacyUrl: string
  apiKey: string
  port: number
  /** Where files are kept (the data directory, or a temp folder). */
  filesDir: string
  /** A LoRA of another user of the team (answers 403). */
  foreignLoraId: string
  close(): Promise<void>
  setFaults(patch: FaultPatch): FaultConfig
  faults(): FaultConfig
  /** v2 jobs, all statuses. */
  jobCount(): number
  credits(): number
  setCredits(value: number): void
  /** Lets held jobs go on (see `holdJobs` and the `#hold` prompt marker); how many went. */
  releaseJobs(jobId?: string): number
}

/** How often files past their retention are looked for when nobody asks. */
const SWEEP_MS = 60_000

function positive(name: string, value: number | undefined, fallback: number): number {
  const v = value ?? fallback
  if (!Number.isFinite(v) || v <= 0) throw new RangeError(`${name} must be a positive number (got ${String(value)})`)
  return v
}

/** The models to sign for, each one the service offers. */
function signingModels(ids: readonly string[]): ReadonlySet<string> {
  const unknown = ids.filter((id) => getModel(id) === undefined)
  if (unknown.length > 0) throw new RangeError(`signModels: no such model: ${unknown.join(', ')}`)
  return new Set(ids)
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const log = options.log ?? ((m: string) => process.stderr.write(`[simulator] ${m}\n`))
  const config: SimConfig = {
    speed: positive('speed', options.speed, 1),
    retentionMs: positive('retentionSeconds', options.retentionSeconds, 86_400) * 1000,
    allowPrivateWebhooks: options.allowPrivateWebhooks ?? false,
    resolveHost: options.resolveHost ?? systemResolver,
    signModels: signingModels(options.signModels ?? [])
  }
  // Checked before anything is created, so bad options leave nothing behind.
  const faults = new FaultInjector(options.faults)
  const rateLimit = options.rateLimit === false ? null : checkRateLimit(options.rateLimit ?? DEFAULT_RATE_LIMIT)
  const dataDir = options.dataDir ?? null
  const filesDir = dataDir ? join(dataDir, 'files') : await mkdtemp(join(tmpdir(), 'mgsim-'))
  const store = await Store.open({
    dir: dataDir, clock: options.now ?? Date.now, apiKey: options.apiKey, credits: options.credits,
    onWriteError: (err) => log(`could not save state: ${String(err)}`)
  })
  let baseUrl = ''
  const state: ServiceState = { baseUrl: () => baseUrl, config, store, files: new FileStore(filesDir), log }
  const webhooks = new WebhookSender(state)
  const sim: SimContext = {
    ...state,
    digests: new DigestCache(),
    faults,
    webhooks,
    runner: new JobRunner(state, webhooks, options.holdJobs ?? false),
    loraRunner: new LoraRunner(state)
  }

  const server = createSimServer({
    sim, routes: buildRoutes(), limiter: new RateLimiter(rateLimit)
  })
  const host = options.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`

  // Carry on with whatever was under way when the service last stopped.
  for (const job of store.jobs.values()) {
    sim.runner.start(job)
    sim.webhooks.resume(job)
  }
  for (const lora of store.loras.values()) sim.loraRunner.start(lora)
  sweep(sim)
  const sweeper = setInterval(() => sweep(sim), SWEEP_MS)
  sweeper.unref()

  let closing: Promise<void> | null = null
  const close = async () => {
    clearInterval(sweeper)
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()))
    server.closeAllConnections()
    sim.webhooks.close()
    sim.loraRunner.close()
    await sim.runner.close()
    await stopped
    await store.close()
    if (!dataDir) await rm(filesDir, { recursive: true, force: true })
  }

  return {
    url: baseUrl,
    legacyUrl: baseUrl + LEGACY_PREFIX,
    apiKey: store.apiKey,
    port,
    filesDir,
    foreignLoraId: FOREIGN_LORA_ID,
    close: () => (closing ??= close()),
    setFaults: (patch) => sim.faults.set(patch),
    faults: () => sim.faults.config,
    jobCount: () => [...store.jobs.values()].filter((j) => j.api === 'v2').length,
    credits: () => store.credits,
    setCredits: (value) => store.setCredits(value),
    releaseJobs: (jobId) => sim.runner.release(jobId)
  }
}
