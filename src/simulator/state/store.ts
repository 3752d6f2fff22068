// The service's state in memory: the caller, its credits, jobs, idempotency keys,
// LoRAs, uploads and assets, with the persistence hooks every change goes through.
import { randomBytes, randomUUID } from 'node:crypto'
import { loadSnapshot, StateWriter } from './persist'
import type { AssetRecord, IdempotencyEntry, Identity, JobRecord, LoraRecord, Snapshot, UploadRecord } from './types'

/** Idempotency keys are remembered for 24 hours (spec: Limits). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3600 * 1000

/**
 * A LoRA of another member of the team, so that clients can exercise the 403 of
 * "someone else's LoRA". Fixed so tests and manual checks can name it.
 */
export const FOREIGN_LORA_ID = '0f0f0f0f-0000-4000-8000-00000000f0f0'
const FOREIGN_USER_ID = '0f0f0f0f-0000-4000-8000-0000000000ff'

export function generateApiKey(): string {
  return `mgk_${randomBytes(16).toString('hex')}`
}

export interface StoreOptions {
  dir: string | null
  clock: () => number
  apiKey?: string
  credits?: number
  onWriteError?: (err: unknown) => void
}

export class Store {
  apiKey: string
  readonly identity: Identity
  private creditBalance: number
  private seq: number
  readonly jobs = new Map<string, JobRecord>()
  readonly loras = new Map<string, LoraRecord>()
  readonly uploads = new Map<string, UploadRecord>()
  readonly assets = new Map<string, AssetRecord>()
  private readonly idempotency = new Map<string, IdempotencyEntry>()
  private readonly writer: StateWriter

  private constructor(snap: Snapshot, private readonly options: StoreOptions) {
    this.apiKey = snap.apiKey
    this.identity = snap.identity
    this.creditBalance = snap.credits
    this.seq = snap.seq
    for (const j of snap.jobs) this.jobs.set(j.id, j)
    for (const l of snap.loras) this.loras.set(l.id, l)
    for (const u of snap.uploads) this.uploads.set(u.id, u)
    for (const a of snap.assets) this.assets.set(a.id, a)
    for (const e of snap.idempotency) this.idempotency.set(e.scope, e)
    this.writer = new StateWriter(options.dir, () => this.snapshot(), 100, options.onWriteError)
  }

  static async open(options: StoreOptions): Promise<Store> {
    const loaded = options.dir ? await loadSnapshot(options.dir) : null
    const snap: Snapshot = loaded ?? {
      version: 1,
      apiKey: options.apiKey ?? generateApiKey(),
      identity: { userId: randomUUID(), teamId: randomUUID(), email: 'demo@example.com' },
      credits: options.credits ?? 100_000,
      seq: 0,
      jobs: [], idempotency: [], loras: [], uploads: [], assets: []
    }
    // Explicit options win over what a data directory remembers.
    if (options.apiKey !== undefined) snap.apiKey = options.apiKey
    if (options.credits !== undefined) snap.credits = options.credits
    const store = new Store(snap, options)
    store.seedForeignLora()
    await store.writer.init()
    store.changed()
    return store
  }

  private seedForeignLora(): void {
    if (this.loras.has(FOREIGN_LORA_ID)) return
    const at = this.options.clock()
    this.loras.set(FOREIGN_LORA_ID, {
      id: FOREIGN_LORA_ID, seq: 0, userId: FOREIGN_USER_ID, teamId: this.identity.teamId,
      name: 'A teammate\'s style', subjectKind: 'style', gender: null, ethnicity: null, age: null,
      status: 'READY', imageCount: 20, steps: 1000, loraRank: 16, error: null,
      createdAt: at, startedAt: at, completedAt: at, triggerWord: 'tmstyle'
    })
  }

  snapshot(): Snapshot {
    return {
      version: 1,
      apiKey: this.apiKey,
      identity: this.identity,
      credits: this.creditBalance,
      seq: this.seq,
      jobs: [...this.jobs.values()],
      idempotency: [...this.idempotency.values()],
      loras: [...this.loras.values()],
      uploads: [...this.uploads.values()],
      assets: [...this.assets.values()]
    }
  }

  now(): number {
    return this.options.clock()
  }

  /** Records that something changed; it reaches disk shortly. */
  changed(): void {
    this.writer.changed()
  }

  /** Waits until every change so far is on disk (no-op without a data directory). */
  flush(): Promise<void> {
    return this.writer.flush()
  }

  close(): Promise<void> {
    return this.writer.close()
  }

  nextSeq(): number {
    this.seq += 1
    return this.seq
  }

  get credits(): number {
    return this.creditBalance
  }

  setCredits(value: number): void {
    this.creditBalance = Math.max(0, Math.floor(value))
    this.changed()
  }

  /** Takes `amount` from the team's credits; false (nothing taken) when short. */
  reserve(amount: number): boolean {
    if (amount > this.creditBalance) return false
    this.creditBalance -= amount
    this.changed()
    return true
  }

  refund(amount: number): void {
    this.creditBalance += amount
    this.changed()
  }

  addJob(job: JobRecord): void {
    this.jobs.set(job.id, job)
    this.changed()
  }

  /** The job an Idempotency-Key of this caller already created within the window. */
  findIdempotent(userId: string, key: string): JobRecord | undefined {
    const entry = this.idempotency.get(`${userId}\u0000${key}`)
    if (!entry || this.now() - entry.at >= IDEMPOTENCY_WINDOW_MS) return undefined
    return this.jobs.get(entry.jobId)
  }

  rememberIdempotent(userId: string, key: string, jobId: string): void {
    const scope = `${userId}\u0000${key}`
    this.idempotency.set(scope, { scope, jobId, at: this.now() })
    this.changed()
  }

  /** Forgets keys older than the window, so the table does not grow for ever. */
  pruneIdempotency(): void {
    const cutoff = this.now() - IDEMPOTENCY_WINDOW_MS
    let removed = false
    for (const [scope, entry] of this.idempotency) {
      if (entry.at <= cutoff) {
        this.idempotency.delete(scope)
        removed = true
      }
    }
    if (removed) this.changed()
  }
}
