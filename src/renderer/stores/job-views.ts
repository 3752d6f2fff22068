// What the views read from the one jobs store: the list newest first, the jobs sent from
// this window, each job's progress readings, and the team's jobs. Pure functions of the
// store's state, so they are tested without rendering anything.
import { noteReading, type ProgressReadings } from '../../shared/app/progress-rate'
import type { TeamJob } from '../../shared/app/team'
import type { JobView } from '../../shared/app/views'

/** A job's progress readings, kept as the engine keeps them for its poll schedule. */
export type ProgressSample = ProgressReadings

/** The part of the jobs store the selectors read. */
export interface JobFacts {
  byId: Record<string, JobView>
  /** Local ids of the jobs sent from this window, newest first. */
  sent: string[]
  progress: Record<string, ProgressSample>
  team: TeamJob[] | null
}

/**
 * How many jobs sent from this window are kept for the cards beside the forms and Create's
 * results: a hundred sends of a batch of 4 and more (the results list is virtualized).
 */
export const SENT_KEPT = 800

/** Newest first. */
export function sortJobs(byId: Record<string, JobView>): JobView[] {
  return Object.values(byId).sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
}

/** The jobs of these kinds sent from this window, newest first; ones the engine no longer has are left out. */
export function sentJobs(s: Pick<JobFacts, 'byId' | 'sent'>, kinds: readonly JobView['kind'][]): JobView[] {
  return s.sent.map((id) => s.byId[id]).filter((j): j is JobView => j !== undefined && kinds.includes(j.kind))
}

/** The list of sent ids with this one first, without repeats, at most SENT_KEPT long. */
export function withSent(sent: string[], localId: string): string[] {
  return [localId, ...sent.filter((id) => id !== localId)].slice(0, SENT_KEPT)
}

/** The list of sent ids with these first, in the order given (a send of several, in the order sent). */
export function withSentGroup(sent: string[], localIds: readonly string[]): string[] {
  const added = new Set(localIds)
  return [...new Set(localIds), ...sent.filter((id) => !added.has(id))].slice(0, SENT_KEPT)
}

export function progressOfJob(s: Pick<JobFacts, 'progress'>, localId: string): ProgressSample | undefined {
  return s.progress[localId]
}

/**
 * The readings after seeing this view of the job at `now` (see `noteReading`: a stall is
 * cut out of the rate). Answers `samples` itself when nothing changed.
 */
export function noteProgress(samples: Record<string, ProgressSample>, job: JobView, now: number): Record<string, ProgressSample> {
  if (job.status !== 'PROCESSING' || job.progress === null) return samples
  const prev = samples[job.localId]
  const next = noteReading(prev, job.progress, now, Date.parse(job.createdAt))
  return next === prev ? samples : { ...samples, [job.localId]: next }
}

/** The team's jobs newest first, or null before they were read. */
export function teamJobs(s: Pick<JobFacts, 'team'>): TeamJob[] | null {
  if (!s.team) return null
  return s.team.slice().sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
}
