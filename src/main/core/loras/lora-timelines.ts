// The observed timeline of each LoRA, kept across restarts. The service keeps three times
// (createdAt, startedAt, completedAt) and sends no event when a LoRA moves on, so every
// other step is stamped when the app first sees it. The steps live in a small crash-safe
// log in the data folder, one record per LoRA.
import { join } from 'node:path'
import { LORA_STATUSES, type Lora, type LoraStatus } from '../../../shared/api'
import type { LoraTimelineStep } from '../../../shared/app/lora-timeline'
import { RecordLog } from '../store/record-log'

interface TimelineRecord {
  id: string
  steps: LoraTimelineStep[]
}

export const SETTLED: readonly LoraStatus[] = ['READY', 'FAILED', 'ARCHIVED']

function looksLikeRecord(v: unknown): TimelineRecord | null {
  const r = v as Partial<TimelineRecord> | null
  if (!r || typeof r.id !== 'string' || !Array.isArray(r.steps)) return null
  const steps = r.steps.filter((s): s is LoraTimelineStep => !!s && LORA_STATUSES.includes(s.status) && typeof s.at === 'string')
  return { id: r.id, steps }
}

/** The time the service itself gives for a status, when it keeps one. */
function serviceTime(lora: Lora, status: LoraStatus): string | null {
  if (status === 'PENDING') return lora.createdAt
  if (status === 'TRAINING') return lora.startedAt
  if (status === 'READY' || status === 'FAILED') return lora.completedAt
  return null
}

const ms = (iso: string) => Date.parse(iso)

/** The app's previous look at a LoRA: the status it had then, and when. */
export interface PreviousLook {
  status: LoraStatus
  at: Date
}

/**
 * The timeline after one look at the LoRA at `now`. A status already seen keeps its first
 * time. A new one takes the service's time for it when there is one, else `now`; never
 * earlier than the step before it (the service's clock and ours may disagree). A look
 * that still saw the LoRA in an earlier status after the service's time for this one shows
 * that time means something else (say, the upload's start): the step is then stamped when
 * first seen.
 */
export function observeLora(steps: readonly LoraTimelineStep[], lora: Lora, now: Date, previous?: PreviousLook): LoraTimelineStep[] {
  const next = [...steps]
  const add = (status: LoraStatus, serviceAt: string | null, whenContradicted = now) => {
    if (next.some((s) => s.status === status)) return
    const contradicted = status === 'TRAINING' && serviceAt !== null && previous !== undefined && previous.status !== status && ms(serviceAt) < previous.at.getTime()
    const own = contradicted ? whenContradicted : serviceAt !== null && Number.isFinite(ms(serviceAt)) ? new Date(serviceAt) : now
    const latest = Math.max(...next.map((s) => ms(s.at)).filter(Number.isFinite), -Infinity)
    next.push({ status, at: new Date(Math.max(own.getTime(), latest)).toISOString() })
  }
  // Every LoRA began PENDING when it was created, seen so or not.
  add('PENDING', lora.createdAt)
  // Training that passed between two looks is still placed by the service's start time,
  // or else just after the look that last saw the LoRA before it.
  if ((lora.status === 'READY' || lora.status === 'FAILED') && lora.startedAt) add('TRAINING', lora.startedAt, previous?.at)
  add(lora.status, serviceTime(lora, lora.status))
  return next
}

export class LoraTimelines {
  private chain: Promise<unknown> = Promise.resolve()
  /** The last look at each LoRA while the app runs (not kept: a restart falls back to the service's times). */
  private readonly looks = new Map<string, PreviousLook>()

  private constructor(private readonly log: RecordLog<TimelineRecord>) {}

  static async open(dataDir: string): Promise<LoraTimelines> {
    return new LoraTimelines(await RecordLog.open<TimelineRecord>(join(dataDir, 'lora-timelines.jsonl'), { validate: looksLikeRecord, fsync: 'batch' }))
  }

  get(id: string): LoraTimelineStep[] {
    return this.log.get(id)?.steps ?? []
  }

  /** Whether a LoRA known to the app was last seen still on its way (training, say). */
  anyUnsettled(): boolean {
    return this.log.all().some((r) => {
      const last = r.steps[r.steps.length - 1]
      return last !== undefined && !SETTLED.includes(last.status)
    })
  }

  /**
   * Records one look at these LoRAs and answers their timelines. Looks are taken one at a
   * time, so a poll and a route answering at once cannot stamp a step twice.
   */
  observe(loras: readonly Lora[], now = new Date()): Promise<LoraTimelineStep[][]> {
    const run = this.chain.then(async () => {
      const out: LoraTimelineStep[][] = []
      for (const lora of loras) {
        const before = this.get(lora.id)
        const after = observeLora(before, lora, now, this.looks.get(lora.id))
        this.looks.set(lora.id, { status: lora.status, at: now })
        if (after.length !== before.length) await this.log.put({ id: lora.id, steps: after })
        out.push(after)
      }
      return out
    })
    this.chain = run.catch(() => undefined)
    return run
  }

  close(): Promise<void> {
    return this.chain.then(() => this.log.close())
  }
}
