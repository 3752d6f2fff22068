/**
 * Matrix runs: one idea sent as a grid of jobs (rows × columns, e.g. models × seeds, or
 * the values of one parameter × seeds), each cell its own job with its own
 * Idempotency-Key (the engine gives every job a fresh one), so a retry of one cell can
 * never charge for another. The cells go to the engine as one confirmed send
 * (`jobs.submitConfirmed`), which it checks as a whole against its caps (cells per
 * confirmation, jobs per minute): refused whole, nothing is sent and no run is kept.
 *
 * How other code uses it:
 *   1. Build a `MatrixRunPlan` (labels for rows and columns, one request per cell).
 *   2. `estimateMatrix(plan)` prices every cell with `jobs.estimate`; show the total
 *      (`<MatrixConfirmDialog plan onConfirm onClose />` does this against the balance).
 *   3. `useMatrixRuns.getState().start(plan)` sends every cell and resolves with the
 *      run's id, or rejects with a SendRefusedError saying why the engine refused the
 *      whole send; `<MatrixGrid runId={id} />` shows the cells filling in as jobs finish.
 *
 * Runs are kept in the page's storage, so the grid comes back after a reload; the jobs
 * themselves live in the engine and are found again by their local ids.
 */
import { z } from 'zod'
import { create } from 'zustand'
import { summarizeDetails } from '../../shared/api'
import type { AppError } from '../../shared/contract'
import { call, detailsOf } from '../api/client'
import { callAskingFirst } from './spend-limits'
import { useJobs } from './jobs'
import { readSaved, writeSaved } from './saved'
import { t } from '../i18n/page-i18n'

export interface MatrixCellPlan {
  row: number
  col: number
  request: Record<string, unknown>
  inputs?: { field: string; uploadId: string }[]
  /** Why this cell cannot be sent (a field error for its model); it is shown, never submitted. */
  error?: string
  /** What the estimate said it costs, shown until the job reports its real cost. */
  credits?: number | null
}

export interface MatrixRunPlan {
  title: string
  rowLabel: string
  rowValues: string[]
  colLabel: string
  colValues: string[]
  cells: MatrixCellPlan[]
  /** What the user should know before sending, e.g. settings a model does not take. */
  notes?: string[]
}

const runCellSchema = z.object({
  row: z.number().int(),
  col: z.number().int(),
  /** The engine's id of the cell's job, once `jobs.submit` answered. */
  localId: z.string().nullable(),
  state: z.enum(['sending', 'sent', 'skipped', 'failed']),
  error: z.string().nullable(),
  credits: z.number().nullable()
})
export type MatrixRunCell = z.infer<typeof runCellSchema>

const runSchema = z.object({
  id: z.string(),
  title: z.string(),
  rowLabel: z.string(),
  rowValues: z.array(z.string()),
  colLabel: z.string(),
  colValues: z.array(z.string()),
  createdAt: z.string(),
  cells: z.array(runCellSchema)
})
export type MatrixRun = z.infer<typeof runSchema>

const SAVED_KEY = 'matrix-runs'
/** Older runs are let go: their jobs stay in the Queue and their outputs in the gallery. */
const KEEP = 8

/** Prices every cell; a cell that cannot be sent, or whose estimate failed, says why and counts for nothing. */
export async function estimateMatrix(plan: MatrixRunPlan): Promise<{ perCell: { credits: number | null; error: string | null }[]; total: number | null }> {
  const perCell = await Promise.all(
    plan.cells.map(async (cell) => {
      if (cell.error) return { credits: null, error: cell.error }
      const r = await call('jobs.estimate', { request: cell.request })
      if (r.ok) return { credits: r.data.credits, error: null }
      const details = detailsOf(r.error)
      return { credits: null, error: details ? summarizeDetails(details) : r.error.message }
    })
  )
  const priced = perCell.filter((c) => c.credits !== null)
  const total = priced.length > 0 ? priced.reduce((sum, c) => sum + (c.credits ?? 0), 0) : null
  return { perCell, total }
}

/** The engine refused the whole send (too many cells, too many jobs this minute): nothing was sent. */
export class SendRefusedError extends Error {}

/** The engine's reason for a cell it did not take: its fields, or its message. */
function reasonOf(error: AppError): string {
  const details = detailsOf(error)
  return details ? summarizeDetails(details) : error.message
}

interface MatrixRunsState {
  /** Newest first. */
  runs: MatrixRun[]
  /** Submits every cell that can be sent (one confirmed send), records the run, resolves with its id. */
  start(plan: MatrixRunPlan): Promise<string>
  remove(id: string): void
}

function restore(): MatrixRun[] {
  const saved = readSaved(SAVED_KEY, z.array(runSchema)) ?? []
  // A cell that was being sent when the page went away may still have reached the engine;
  // its job is in the Queue, but this grid cannot tell which one it was.
  return saved.map((run) => ({
    ...run,
    cells: run.cells.map((c) => (c.state === 'sending' ? { ...c, state: 'failed' as const, error: t('messages:matrix.pageClosed') } : c))
  }))
}

function newId(): string {
  return globalThis.crypto.randomUUID()
}

export const useMatrixRuns = create<MatrixRunsState>((set, get) => {
  const updateCell = (id: string, index: number, patch: Partial<MatrixRunCell>) => {
    set((s) => ({ runs: s.runs.map((r) => (r.id === id ? { ...r, cells: r.cells.map((c, i) => (i === index ? { ...c, ...patch } : c)) } : r)) }))
  }

  return {
    runs: restore(),
    async start(plan) {
      const id = newId()
      const run: MatrixRun = {
        id,
        title: plan.title,
        rowLabel: plan.rowLabel,
        rowValues: plan.rowValues,
        colLabel: plan.colLabel,
        colValues: plan.colValues,
        createdAt: new Date().toISOString(),
        cells: plan.cells.map((c) => ({
          row: c.row,
          col: c.col,
          localId: null,
          state: c.error ? 'skipped' : 'sending',
          error: c.error ?? null,
          credits: c.credits ?? null
        }))
      }
      set((s) => ({ runs: [run, ...s.runs].slice(0, KEEP) }))
      const sendable = plan.cells.flatMap((cell, index) => (cell.error ? [] : [{ cell, index }]))
      if (sendable.length === 0) return id
      const jobs = sendable.map(({ cell }) => ({ request: cell.request, ...(cell.inputs && cell.inputs.length > 0 ? { inputs: cell.inputs } : {}) }))
      const r = await callAskingFirst('jobs.submitConfirmed', { jobs })
      if (!r.ok) {
        // The engine refuses a send whole, before any of it goes. Only a lost answer (the
        // page's own `internal`) leaves it unknown what went; the grid then says so.
        if (r.error.code !== 'internal') {
          get().remove(id)
          throw new SendRefusedError(r.error.message)
        }
        for (const { index } of sendable) updateCell(id, index, { state: 'failed', error: t('messages:matrix.lostAnswer', { reason: r.error.message }) })
        return id
      }
      sendable.forEach(({ index }, i) => {
        const answer = r.data[i]
        if (!answer?.ok) {
          updateCell(id, index, { state: 'failed', error: answer ? reasonOf(answer.error) : t('messages:matrix.noAnswer') })
          return
        }
        useJobs.getState().upsert(answer.job)
        updateCell(id, index, { state: 'sent', localId: answer.job.localId, error: null })
      })
      return id
    },
    remove(id) {
      if (!get().runs.some((r) => r.id === id)) return
      set((s) => ({ runs: s.runs.filter((r) => r.id !== id) }))
    }
  }
})

useMatrixRuns.subscribe((s, prev) => {
  if (s.runs !== prev.runs) writeSaved(SAVED_KEY, s.runs)
})
