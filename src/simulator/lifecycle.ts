// Moves jobs (and legacy tasks) along: QUEUED for a short wait, PROCESSING with progress
// rising in steps, then COMPLETED with outputs rendered to disk, or FAILED (on purpose or
// by injected fault) with the credits refunded. The plan is fixed at submission and kept
// on the job, so a restart resumes from the job's last progress.
import type { Modality } from '../shared/api'
import type { ServiceState } from './service-state'
import { renderOutputs, seedFromId } from './outputs'
import { withContentCredentials } from './signing/sign-output'
import type { JobRecord, Plan } from './state/types'
import type { WebhookSender } from './webhooks'

export const SIMULATED_FAILURE = 'Simulated failure'

/** A small generator seeded from the job id, so timings are stable per job. */
function rngFor(id: string): () => number {
  let s = seedFromId(id) || 1
  return () => {
    s = (Math.imul(s, 48271) >>> 0) % 0x7fffffff
    return s / 0x7fffffff
  }
}

/**
 * What a prompt asks of the demo service: `#fail` to fail, `#hold` to wait for a release,
 * `#takes=N` to take about N seconds with progress rising steadily, one point at a time,
 * and `#stall=N` to stop at the first progress step for N seconds before going on.
 */
export interface PlanMarkers {
  failing: boolean
  holding: boolean
  takesMs?: number | null
  stallMs?: number | null
}

/** The longest `#takes` or `#stall` the demo service honours: an hour. */
const MAX_MARKER_SECONDS = 3600

/** Milliseconds of `#name=N` (N seconds, 0 < N ≤ an hour) in the prompt, or null. */
function secondsMarker(prompt: string, name: string): number | null {
  const match = new RegExp(`#${name}=(\\d+(?:\\.\\d+)?)`).exec(prompt)
  const seconds = match ? Number(match[1]) : NaN
  return seconds > 0 && seconds <= MAX_MARKER_SECONDS ? Math.round(seconds * 1000) : null
}

export function markersOf(prompt: string): PlanMarkers {
  return {
    failing: prompt.includes('#fail'), holding: prompt.includes('#hold'),
    takesMs: secondsMarker(prompt, 'takes'), stallMs: secondsMarker(prompt, 'stall')
  }
}

/** Progress values 1..99, one point a step: a job of `#takes` moves steadily. */
function steadySteps(): number[] {
  return Array.from({ length: 99 }, (_, i) => i + 1)
}

/**
 * Timings at speed 1: images take 1–3 s from submission, videos and music 4–8 s, a job
 * with `#takes=N` about N s. `failing` jobs fail halfway through their steps. `holding`
 * jobs stop at their first progress step until released, so that a client's tests can see
 * (and cancel) a running job without racing its timers; `#stall` jobs stop there for a time.
 */
export function makePlan(modality: Modality, id: string, { failing, holding, takesMs, stallMs }: PlanMarkers): Plan {
  const rng = rngFor(id)
  const between = (min: number, max: number) => Math.round(min + (max - min) * rng())
  const image = modality === 'image'
  const queuedMs = Math.min(image ? between(250, 700) : between(500, 1200), takesMs ? takesMs / 10 : Infinity)
  const processingMs = takesMs ? takesMs - queuedMs : image ? between(800, 2000) : between(3500, 6500)
  const n = takesMs ? 99 : image ? between(4, 6) : between(7, 10)
  const steps: number[] = takesMs ? steadySteps() : []
  for (let i = 1; i <= n && !takesMs; i++) {
    const even = (100 * i) / (n + 1)
    const value = Math.round(even + (rng() - 0.5) * (50 / (n + 1)))
    steps.push(Math.min(99, Math.max((steps.at(-1) ?? 0) + 1, value)))
  }
  return {
    queuedMs, stepMs: Math.round(processingMs / (n + 1)), steps, failAfterStep: failing ? Math.floor(n / 2) : null,
    ...(holding ? { hold: true } : {}),
    ...(stallMs ? { stallMs } : {})
  }
}

export class JobRunner {
  private readonly timers = new Map<string, NodeJS.Timeout>()
  private readonly renders = new Set<Promise<void>>()
  private closed = false

  /** `hold`: jobs stay QUEUED until `release()` (lets tests act on a queued job). */
  constructor(
    private readonly sim: ServiceState,
    private readonly webhooks: WebhookSender,
    private held = false
  ) {}

  /** Schedules a job from wherever it stands (new, or found in state after a restart). */
  start(job: JobRecord): void {
    if (this.closed) return
    if (job.status === 'QUEUED') {
      if (!this.held) this.after(job, job.plan.queuedMs, () => this.enterProcessing(job))
    } else if (job.status === 'PROCESSING') {
      this.nextStep(job)
    }
  }

  /**
   * Lets held jobs go on: those kept QUEUED by the `hold` option and those stopped by a
   * `#hold` prompt (one job, or all). Answers how many jobs were let go.
   */
  release(jobId?: string): number {
    if (jobId === undefined) this.held = false
    let released = 0
    for (const job of this.sim.store.jobs.values()) {
      if (jobId !== undefined && job.id !== jobId) continue
      if (job.plan.hold) {
        delete job.plan.hold
        this.sim.store.changed()
        if (job.status === 'PROCESSING' && !this.timers.has(job.id)) this.nextStep(job)
        released++
      } else if (!this.held && job.status === 'QUEUED' && !this.timers.has(job.id)) {
        this.start(job)
        released++
      }
    }
    return released
  }

  /** Cancels a job that is not finished; false when it already is. */
  cancel(job: JobRecord): boolean {
    if (job.status !== 'QUEUED' && job.status !== 'PROCESSING') return false
    this.clear(job)
    this.end(job, 'CANCELLED', null)
    return true
  }

  private after(job: JobRecord, ms: number, fn: () => void): void {
    this.clear(job)
    const timer = setTimeout(() => {
      this.timers.delete(job.id)
      if (!this.closed) fn()
    }, ms / this.sim.config.speed)
    this.timers.set(job.id, timer)
  }

  private clear(job: JobRecord): void {
    const timer = this.timers.get(job.id)
    if (timer) clearTimeout(timer)
    this.timers.delete(job.id)
  }

  private enterProcessing(job: JobRecord): void {
    if (job.status !== 'QUEUED') return
    job.status = 'PROCESSING'
    job.startedAt = this.sim.store.now()
    this.sim.store.changed()
    this.nextStep(job)
  }

  /** Schedules the first step above the job's current progress, or the finish. */
  private nextStep(job: JobRecord): void {
    // A held job waits at its first step (also after a restart) until `release()`.
    if (job.plan.hold && job.progress > 0) return
    const index = job.plan.steps.findIndex((p) => p > job.progress)
    // A `#stall` job waits at its first step (after a restart, the whole stall again).
    const wait = job.plan.stepMs + (job.plan.stallMs && job.progress > 0 && job.progress === job.plan.steps[0] ? job.plan.stallMs : 0)
    if (index === -1) this.after(job, wait, () => this.finish(job))
    else this.after(job, wait, () => this.step(job, index))
  }

  private step(job: JobRecord, index: number): void {
    if (job.status !== 'PROCESSING') return
    job.progress = job.plan.steps[index] ?? job.progress
    this.sim.store.changed()
    this.webhooks.progress(job)
    if (job.plan.failAfterStep !== null && index >= job.plan.failAfterStep) this.end(job, 'FAILED', SIMULATED_FAILURE)
    else this.nextStep(job)
  }

  private finish(job: JobRecord): void {
    const done = this.renderAndComplete(job).finally(() => this.renders.delete(done))
    this.renders.add(done)
  }

  private async renderAndComplete(job: JobRecord): Promise<void> {
    try {
      const rendered = await renderOutputs(job.render)
      // Models the service is told to sign for deliver their pictures with Content Credentials.
      const outputs = this.sim.config.signModels.has(job.model) ? await withContentCredentials(rendered, job.model) : rendered
      // Cancelled while rendering, or shutting down: the outputs are not delivered.
      if (this.closed || job.status !== 'PROCESSING') return
      for (const o of outputs) await this.sim.files.write('jobs', job.id, o.name, o.bytes)
      if (this.closed || job.status !== 'PROCESSING') {
        await this.sim.files.remove('jobs', job.id)
        return
      }
      job.outputs = outputs.map((o) => ({ name: o.name, mime: o.mime, size: o.bytes.length, role: o.role }))
      job.progress = 100
      this.end(job, 'COMPLETED', null)
    } catch (err) {
      this.sim.log(`job ${job.id}: rendering failed: ${String(err)}`)
      if (!this.closed && job.status === 'PROCESSING') this.end(job, 'FAILED', 'Rendering failed')
    }
  }

  private end(job: JobRecord, status: 'COMPLETED' | 'FAILED' | 'CANCELLED', error: string | null): void {
    job.status = status
    job.error = error
    job.completedAt = this.sim.store.now()
    if (status !== 'COMPLETED') this.sim.store.refund(job.creditCost)
    this.sim.store.changed()
    this.webhooks.terminal(job)
  }

  async close(): Promise<void> {
    this.closed = true
    for (const timer of this.timers.values()) clearTimeout(timer)
    this.timers.clear()
    await Promise.allSettled([...this.renders])
  }
}
