// The jobs of one confirmed send (a batch, a matrix, a wildcard prompt's cells), kept
// together so that they end in one notification when the last of them has ended. A
// group closes once every job of the send has its answer; until then more may join.
import type { SettledJob } from './job-outcome'

/** A send whose every job has ended. */
export interface FinishedSend {
  /** How many jobs the send asked for, those refused before they went out included. */
  total: number
  /** The jobs that went out, as they ended, in the order they ended. */
  settled: SettledJob[]
  /** Jobs of the send refused before they went out (nothing of them was sent). */
  refused: number
}

interface Group {
  total: number
  open: boolean
  members: Set<string>
  settled: Map<string, SettledJob>
  refused: number
}

/** What became of a job that ended: not in any send, or counted in its send (which may have finished with it). */
export type Grouping = { grouped: false } | { grouped: true; finished: FinishedSend | null }

export class SendGroups {
  private nextId = 1
  private readonly groups = new Map<number, Group>()
  private readonly byJob = new Map<string, number>()

  /** A send of `total` jobs is going out; its jobs join it as each is answered. */
  begin(total: number): number {
    const id = this.nextId++
    this.groups.set(id, { total, open: true, members: new Set(), settled: new Map(), refused: 0 })
    return id
  }

  join(groupId: number, localId: string): void {
    const group = this.groups.get(groupId)
    if (!group) return
    group.members.add(localId)
    this.byJob.set(localId, groupId)
  }

  /** One of the send's jobs was refused before it went out. */
  refuse(groupId: number): void {
    const group = this.groups.get(groupId)
    if (group) group.refused++
  }

  /** Every job of the send has its answer; the send may have finished already. */
  close(groupId: number): FinishedSend | null {
    const group = this.groups.get(groupId)
    if (!group) return null
    group.open = false
    return this.finishIfDone(groupId, group)
  }

  /** Counts an ended job in its send, if it belongs to one. */
  settle(job: SettledJob): Grouping {
    const groupId = this.byJob.get(job.localId)
    const group = groupId === undefined ? undefined : this.groups.get(groupId)
    if (groupId === undefined || !group) return { grouped: false }
    group.settled.set(job.localId, job)
    return { grouped: true, finished: this.finishIfDone(groupId, group) }
  }

  clear(): void {
    this.groups.clear()
    this.byJob.clear()
  }

  private finishIfDone(groupId: number, group: Group): FinishedSend | null {
    if (group.open || group.settled.size < group.members.size) return null
    this.groups.delete(groupId)
    for (const localId of group.members) this.byJob.delete(localId)
    return { total: group.total, settled: [...group.settled.values()], refused: group.refused }
  }
}
