// The demo service's records as it keeps and persists them. Times are epoch
// milliseconds; URLs of outputs are kept as paths under `/cdn/` and made absolute
// when answered, because the port (and so the base URL) may change between runs.
import type { JobStatus, LoraStatus, Modality, WebhookEventName } from '../../shared/api'

export type OutputRole = 'image' | 'grid' | 'video' | 'track'

export interface OutputFile {
  name: string
  mime: string
  size: number
  role: OutputRole
}

/** What to render when a job completes; fixed at submission so a restart renders the same. */
export interface RenderSpec {
  kind: 'image' | 'video' | 'audio'
  prompt: string
  seed: number
  count: number
  grid: boolean
  format: 'png' | 'jpeg' | 'webp'
  width: number
  height: number
  durationSeconds: number
  instrumental: boolean
  label: string
}

/** Timings at speed 1; the runner divides them by the current speed. */
export interface Plan {
  queuedMs: number
  stepMs: number
  /** Progress values reported while PROCESSING, rising, each below 100. */
  steps: number[]
  /** Index into `steps` after which the job fails, or null. */
  failAfterStep: number | null
  /** Stays PROCESSING at its first step until released (`#hold`, a test hook). */
  hold?: boolean
  /** Waits this long (at speed 1) at its first step before going on (`#stall`, a test hook). */
  stallMs?: number
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed'

export interface WebhookState {
  url: string
  format: 'v2' | 'legacy'
  events: WebhookEventName[]
  /** Legacy only: echoed in `x-webhook-secret`. */
  secret: string | null
  /** null once the job ended without a terminal event to deliver (e.g. cancelled). */
  status: DeliveryStatus | null
  /** The terminal event being delivered: its exact bytes, kept so every retry is identical. */
  body: string | null
  event: string | null
  attempts: number
  lastProgressSent: number | null
}

export interface JobRecord {
  id: string
  seq: number
  api: 'v2' | 'legacy'
  model: string
  modality: Modality
  status: JobStatus
  progress: number
  input: Record<string, unknown> | null
  creditCost: number
  error: string | null
  createdAt: number
  startedAt: number | null
  completedAt: number | null
  render: RenderSpec
  plan: Plan
  outputs: OutputFile[] | null
  /** Deleted from disk after the retention period. */
  purged: boolean
  webhook: WebhookState | null
}

export interface LoraRecord {
  id: string
  seq: number
  userId: string
  teamId: string
  name: string
  subjectKind: 'person' | 'style' | 'object'
  gender: string | null
  ethnicity: string | null
  age: string | null
  status: LoraStatus
  imageCount: number
  steps: number
  loraRank: number
  error: string | null
  createdAt: number
  startedAt: number | null
  completedAt: number | null
  triggerWord: string | null
}

export interface UploadRecord {
  id: string
  name: string
  kind: 'image' | 'video' | 'audio'
  contentType: string
  byteSize: number
  createdAt: number
  expiresAt: number
  purged: boolean
}

export interface AssetRecord {
  id: string
  url: string
  type: 'image' | 'video' | 'audio'
  createdAt: number
}

export interface IdempotencyEntry {
  /** The caller (user id) and its key, joined. */
  scope: string
  jobId: string
  at: number
}

export interface Identity {
  userId: string
  teamId: string
  email: string
}

/** Everything that survives a restart, as written to `state.json`. */
export interface Snapshot {
  version: 1
  apiKey: string
  identity: Identity
  credits: number
  seq: number
  jobs: JobRecord[]
  idempotency: IdempotencyEntry[]
  loras: LoraRecord[]
  uploads: UploadRecord[]
  assets: AssetRecord[]
}
