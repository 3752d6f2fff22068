// Create's results as sends: each Generate (one job, a batch, a wildcard prompt's cells, a
// matrix) is one group, newest first, its jobs in the order they were sent. What a group
// says about itself (its prompts, models, seeds and what it cost) is read from its jobs.
import type { JobView } from '../../../shared/app/views'
import { seedOf } from '../composer/seeds'

export interface SendGroup {
  /** The send's id, or the job's own local id for a send of one. */
  id: string
  jobs: JobView[]
}

/**
 * The jobs (newest send first, as the results keep them) gathered by send: a group stands
 * where its first job stands, and a job of no group of several is a group of its own.
 */
export function groupSends(jobs: readonly JobView[], groupOf: Readonly<Record<string, string>>): SendGroup[] {
  const groups: SendGroup[] = []
  const byId = new Map<string, SendGroup>()
  for (const job of jobs) {
    const id = groupOf[job.localId] ?? job.localId
    const found = byId.get(id)
    if (found) found.jobs.push(job)
    else {
      const group = { id, jobs: [job] }
      byId.set(id, group)
      groups.push(group)
    }
  }
  return groups
}

export interface GroupSummary {
  /** Each prompt once, in the order sent. */
  prompts: string[]
  models: string[]
  seeds: number[]
  /** What the jobs the service has priced cost together; null while none has a cost. */
  credits: number | null
  /** How many of the jobs have no cost yet (running, or refused). */
  unpriced: number
}

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)]

export function summarize(group: SendGroup): GroupSummary {
  const costs = group.jobs.map((j) => j.creditCost).filter((c): c is number => c !== null)
  return {
    prompts: unique(group.jobs.flatMap((j) => (j.prompt ? [j.prompt] : []))),
    models: unique(group.jobs.map((j) => j.model)),
    seeds: unique(group.jobs.flatMap((j) => seedOf(j.request) ?? [])),
    credits: costs.length > 0 ? costs.reduce((a, b) => a + b, 0) : null,
    unpriced: group.jobs.length - costs.length
  }
}

/**
 * Columns of a group's grid: 1, 2 side by side, 2 × 2 for 3 or 4, then 3 and 4 across, so
 * a group of up to 16 stays square-ish and its rows few.
 */
export function groupColumns(count: number): number {
  if (count <= 2) return Math.max(1, count)
  if (count <= 4) return 2
  if (count <= 9) return 3
  return 4
}

/** The rows of a group's grid. */
export function groupRows(count: number): number {
  return Math.ceil(Math.max(1, count) / groupColumns(count))
}
