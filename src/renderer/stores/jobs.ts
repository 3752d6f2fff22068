// Every job the renderer knows of, in one place keyed by local id: the engine's own jobs
// (kept live by `job.updated` and `job.removed` events), which of them were sent from
// this window, the progress readings each has shown, and the team's jobs read from the
// service on request. Views read them through the selectors in job-views.ts. The ids of
// the jobs sent from this window outlive a restart (the jobs themselves are read again
// from the engine), so Create's results come back until they are cleared.
import { z } from 'zod'
import { create } from 'zustand'
import type { JobView } from '../../shared/app/views'
import { call } from '../api/client'
import { noteProgress, SENT_KEPT, withSent, withSentGroup, type JobFacts } from './job-views'
import { readSaved, readSavedList, writeSaved } from './saved'
import { toast } from './toasts'

interface JobsState extends JobFacts {
  /** The send each job of a send of several belongs to (a batch, a matrix): its group on Create. */
  groupOf: Record<string, string>
  loaded: boolean
  error: string | null
  teamLoading: boolean
  teamError: string | null
  load(): Promise<void>
  /** Takes a view of a job (an event or a call's answer) seen at `now`. */
  upsert(job: JobView, now?: number): void
  remove(localId: string): void
  /** A job this window just sent: it joins the cards beside the forms and Create's results. */
  markSent(localId: string): void
  /**
   * The jobs of one send of several (a batch, a wildcard prompt, a matrix), in the order
   * sent: they join the results together, as one group named `groupId`.
   */
  markSentGroup(localIds: readonly string[], groupId: string): void
  /** Hides a job's card (the job itself stays in the Queue). */
  forgetSent(localId: string): void
  /** Takes these jobs off the results ("Clear results"); the jobs and files stay. */
  forgetSentMany(localIds: readonly string[]): void
  /** Puts back a list read before a clear (its Undo); jobs sent since stay first. */
  restoreSent(sent: readonly string[]): void
  loadTeam(): Promise<void>
  /** Forgets every job of the account that was connected, before the next one's are read. */
  clear(): void
}

// Jobs removed (dismissed here or by the engine) stay gone: an event already on its way
// must not bring a dismissed row back.
const gone = new Set<string>()
// Bumped by `clear`: a list asked for by the account that was connected must not land after a switch.
let generation = 0
let teamTicket = 0

const EMPTY = { byId: {}, sent: [], groupOf: {}, progress: {}, team: null, loaded: false, error: null, teamLoading: false, teamError: null }
const SENT_KEY = 'session-jobs'
const GROUPS_KEY = 'session-groups'
const savedGroups = () => readSaved(GROUPS_KEY, z.record(z.string().max(200), z.string().max(200))) ?? {}
const savedSent = () => [...new Set(readSavedList(SENT_KEY, z.string().min(1).max(200), 'results', toast.warning))].slice(0, SENT_KEPT)

export const useJobs = create<JobsState>((set) => ({
  ...EMPTY,
  sent: savedSent(),
  groupOf: savedGroups(),
  async load() {
    const gen = generation
    const r = await call('jobs.list', {})
    if (gen !== generation) return
    if (!r.ok) {
      set({ loaded: true, error: r.error.message })
      return
    }
    const byId: Record<string, JobView> = {}
    for (const job of r.data) if (!gone.has(job.localId)) byId[job.localId] = job
    set({ byId, loaded: true, error: null })
  },
  upsert(job, now = Date.now()) {
    if (gone.has(job.localId)) return
    set((s) => {
      const prev = s.byId[job.localId]
      // Events and call results can cross; never let an older view replace a newer one.
      if (prev && prev.updatedAt > job.updatedAt) return s
      return { byId: { ...s.byId, [job.localId]: job }, progress: noteProgress(s.progress, job, now) }
    })
  },
  remove(localId) {
    gone.add(localId)
    set((s) => {
      if (!(localId in s.byId)) return s
      const byId = { ...s.byId }
      delete byId[localId]
      return { byId }
    })
  },
  markSent(localId) {
    set((s) => ({ sent: withSent(s.sent, localId) }))
  },
  markSentGroup(localIds, groupId) {
    set((s) => ({ sent: withSentGroup(s.sent, localIds), groupOf: { ...s.groupOf, ...Object.fromEntries(localIds.map((id) => [id, groupId])) } }))
  },
  forgetSent(localId) {
    set((s) => ({ sent: s.sent.filter((id) => id !== localId) }))
  },
  forgetSentMany(localIds) {
    const forgotten = new Set(localIds)
    set((s) => ({ sent: s.sent.filter((id) => !forgotten.has(id)) }))
  },
  restoreSent(sent) {
    set((s) => ({ sent: [...new Set([...s.sent, ...sent])].slice(0, SENT_KEPT) }))
  },
  async loadTeam() {
    const ticket = ++teamTicket
    set({ teamLoading: true, teamError: null })
    const r = await call('jobs.team', {})
    // A newer load, or a switch of account, has the last word.
    if (ticket !== teamTicket) return
    if (r.ok) set({ team: r.data, teamLoading: false })
    else set({ teamLoading: false, teamError: r.error.message })
  },
  clear() {
    gone.clear()
    generation++
    teamTicket++
    set(EMPTY)
  }
}))

useJobs.subscribe((s, prev) => {
  if (s.sent !== prev.sent) writeSaved(SENT_KEY, s.sent)
  // Only the groups of jobs still shown are kept.
  if (s.sent !== prev.sent || s.groupOf !== prev.groupOf) writeSaved(GROUPS_KEY, Object.fromEntries(s.sent.flatMap((id) => (s.groupOf[id] ? [[id, s.groupOf[id]]] : []))))
})
