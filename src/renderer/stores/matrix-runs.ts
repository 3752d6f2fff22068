/**
 * Matrix runs: one idea sent as a grid of jobs (rows × columns, e.g. models × seeds, or
 * the values of one parameter × seeds), each cell its own job with its own
 * Idempotency-Key (the engine gives every `jobs.submit` a fresh one), so a retry of one
 * cell can never charge for another.
 *
 * How other code uses it:
 *   1. Build a `MatrixRunPlan` (labels for rows and columns, one request per cell).
 *   2. `estimateMatrix(plan)` prices every cell with `jobs.estimate`; show the total
 *      (`<MatrixConfirmDialog plan onConfirm onClose />` does this against the balance).
 *   3. `useMatrixRuns.getState().start(plan)` sends every cell and resolves with the
 *      run's id; `<MatrixGrid runId={id} />` shows the cells filling in as jobs finish.
 *
 * Runs are kept in the page's storage, so the grid comes back after a reload; the jobs
 * themselves live in the engine and are found again by their local ids.
 */
import { z } from 'zod'
import { create } from 'zustand'
import { summarizeDetails } from '../../shared/api'
import { call, detailsOf } from '../api/client'
import { useJobs } from './jobs'
import { readSaved, writeSaved } from './saved'

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

interface MatrixRunsState {
  /** Newest first. */
  runs: MatrixRun[]
  /** Submits every cell that can be sent (one `jobs.submit` each), records the run, resolves with its id. */
  start(plan: MatrixRunPlan): Promise<string>
  remove(id: string): void
}

function restore(): MatrixRun[] {
  const saved = readSaved(SAVED_KEY, z.array(runSchema)) ?? []
  // A cell that was being sent when the page went away may still have reached the engine;
  // its job is in the Queue, but this grid cannot tell which one it was.
  return saved.map((run) => ({
    ...run,
    cells: run.cells.map((c) => (c.state === 'sending' ? { ...c, state: 'failed' as const, error: 'The page closed while this was being sent; see the Queue' } : c))
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
      await Promise.all(
        plan.cells.map(async (cell, index) => {
          if (cell.error) return
          const r = await call('jobs.submit', { request: cell.request, ...(cell.inputs && cell.inputs.length > 0 ? { inputs: cell.inputs } : {}) })
          if (!r.ok) {
            const details = detailsOf(r.error)
            updateCell(id, index, { state: 'failed', error: details ? summarizeDetails(details) : r.error.message })
            return
          }
          useJobs.getState().upsert(r.data)
          updateCell(id, index, { state: 'sent', localId: r.data.localId, error: null })
        })
      )
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
