// The rows of a LoRA's training timeline: each status seen, when, and how long it lasted
// (until the next one, or until now for the step it is on). Steps still to come are listed
// too while it trains, so the user sees how far along it is.
import type { LoraStatus } from '../../../shared/api'
import type { LoraTimelineStep, LoraView } from '../../../shared/app/lora-timeline'
import { formatDuration } from '../../format/numbers'

export interface TimelineRow {
  status: LoraStatus
  /** When it was first seen; null for a step still to come. */
  at: string | null
  /** How long it lasted, or has lasted so far for the current step; null when it has no end. */
  elapsedMs: number | null
  state: 'done' | 'current' | 'upcoming' | 'end'
}

const ORDER: LoraStatus[] = ['PENDING', 'UPLOADING', 'TRAINING', 'READY', 'FAILED', 'ARCHIVED']
const ON_THE_WAY: LoraStatus[] = ['PENDING', 'UPLOADING', 'TRAINING', 'READY']
const ENDS: LoraStatus[] = ['READY', 'FAILED', 'ARCHIVED']

function stepsOf(lora: LoraView): LoraTimelineStep[] {
  if (lora.timeline && lora.timeline.length > 0) return lora.timeline
  // Not recorded (say, a LoRA from before the app kept timelines): the service's own times.
  const steps: LoraTimelineStep[] = [{ status: 'PENDING', at: lora.createdAt }]
  if (lora.startedAt && lora.status !== 'PENDING') steps.push({ status: 'TRAINING', at: lora.startedAt })
  if (lora.completedAt && (lora.status === 'READY' || lora.status === 'FAILED')) steps.push({ status: lora.status, at: lora.completedAt })
  return steps
}

export function timelineRows(lora: LoraView, now: number): TimelineRow[] {
  const steps = [...stepsOf(lora)].sort((a, b) => ORDER.indexOf(a.status) - ORDER.indexOf(b.status))
  const rows: TimelineRow[] = steps.map((step, i) => {
    const next = steps[i + 1]
    const start = Date.parse(step.at)
    if (ENDS.includes(step.status)) return { status: step.status, at: step.at, elapsedMs: null, state: 'end' }
    if (next) return { status: step.status, at: step.at, elapsedMs: Math.max(0, Date.parse(next.at) - start), state: 'done' }
    const current = step.status === lora.status
    return { status: step.status, at: step.at, elapsedMs: current ? Math.max(0, now - start) : null, state: current ? 'current' : 'done' }
  })
  if (!ENDS.includes(lora.status)) {
    const reached = ON_THE_WAY.indexOf(lora.status)
    for (const status of ON_THE_WAY.slice(reached + 1)) rows.push({ status, at: null, elapsedMs: null, state: 'upcoming' })
  }
  return rows
}

/** From the first step to READY or FAILED, or null while it is still on its way. */
export function totalTrainingMs(lora: LoraView): number | null {
  const steps = stepsOf(lora)
  const first = steps[0]
  const end = steps.find((s) => s.status === 'READY' || s.status === 'FAILED')
  return first && end ? Math.max(0, Date.parse(end.at) - Date.parse(first.at)) : null
}

/** How long a step took, in the page's language ("4 min, 59 sec"). */
export function formatElapsed(ms: number): string {
  return formatDuration(Math.floor(ms / 1000) * 1000)
}
