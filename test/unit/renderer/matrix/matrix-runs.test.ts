// The matrix-runs store: every cell priced (a failed one says why and counts for nothing),
// the cells that can be sent sent as one confirmed send (refused whole by the engine, or
// answered cell by cell), and the run kept across a reload.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { estimateMatrix, SendRefusedError, useMatrixRuns, type MatrixRunPlan } from '../../../../src/renderer/stores/matrix-runs'
import { useJobs } from '../../../../src/renderer/stores/jobs'
import { installFakeApi } from '../fake-api'
import { jobView, resetStore } from '../fixtures'

const api = installFakeApi()
const PRICES: Record<string, number> = { 'i3-1': 8, 'i4-1': 10 }

beforeEach(() => {
  api.reset()
  localStorage.clear()
  resetStore(useMatrixRuns)
  useMatrixRuns.setState({ runs: [] })
  resetStore(useJobs)
  api.handle('jobs.estimate', ({ request }) => {
    const price = PRICES[String(request.model)]
    return price !== undefined
      ? { ok: true, data: { credits: price, explanation: 'flat price per job' } }
      : { ok: false, error: { code: 'validation', message: 'Invalid request', details: { model: [`Unknown model '${String(request.model)}'`] } } }
  })
})

function plan(models: string[], cellError?: { index: number; error: string }): MatrixRunPlan {
  const cells = models.flatMap((model, row) => [0, 1].map((col) => ({ row, col, request: { model, prompt: `cell ${row}/${col}` } })))
  return {
    title: 'a test grid',
    rowLabel: 'Model',
    rowValues: models,
    colLabel: 'Seed',
    colValues: ['1', '2'],
    cells: cells.map((c, i) => (cellError?.index === i ? { ...c, error: cellError.error } : c))
  }
}

describe('estimateMatrix', () => {
  it('prices every cell and adds up those priced', async () => {
    const priced = await estimateMatrix(plan(['i3-1', 'i4-1', 'x9-1']))
    expect(priced.perCell).toEqual([
      { credits: 8, error: null },
      { credits: 8, error: null },
      { credits: 10, error: null },
      { credits: 10, error: null },
      { credits: null, error: "model: Unknown model 'x9-1'" },
      { credits: null, error: "model: Unknown model 'x9-1'" }
    ])
    expect(priced.total).toBe(36)
  })

  it('does not ask about a cell already known to be invalid', async () => {
    const priced = await estimateMatrix(plan(['i3-1'], { index: 1, error: 'i3Params.seed: Too big' }))
    expect(priced.perCell[1]).toEqual({ credits: null, error: 'i3Params.seed: Too big' })
    expect(api.callsTo('jobs.estimate')).toHaveLength(1)
    expect(priced.total).toBe(8)
  })

  it('has no total when nothing could be priced', async () => {
    expect((await estimateMatrix(plan(['x9-1']))).total).toBeNull()
  })
})

describe('starting a run', () => {
  it('submits each sendable cell once, with its own request, in one confirmed send, and records the jobs', async () => {
    let n = 0
    api.handleJobs(({ request }) => ({ ok: true, data: jobView({ localId: `job-${++n}`, model: String(request.model), request }) }))
    const id = await useMatrixRuns.getState().start(plan(['i3-1', 'i4-1'], { index: 3, error: 'i4Params.seed: Too big' }))

    expect(api.callsTo('jobs.submitConfirmed')).toHaveLength(1)
    expect(api.callsTo('jobs.submit')).toHaveLength(0)
    expect(api.jobsSent().map((s) => s.request.prompt)).toEqual(['cell 0/0', 'cell 0/1', 'cell 1/0'])
    const run = useMatrixRuns.getState().runs.find((r) => r.id === id)!
    expect(run.cells.map((c) => c.state)).toEqual(['sent', 'sent', 'sent', 'skipped'])
    expect(run.cells[3]!.error).toBe('i4Params.seed: Too big')
    expect(new Set(run.cells.slice(0, 3).map((c) => c.localId)).size).toBe(3)
    for (const c of run.cells.slice(0, 3)) expect(useJobs.getState().byId[c.localId!]).toBeDefined()
  })

  it('keeps the engine’s reason for a cell it refused', async () => {
    api.handleJobs(({ request }) =>
      request.model === 'i4-1'
        ? { ok: false, error: { code: 'validation', message: 'Invalid request', details: { 'i4Params.width': ['Must be at least 512'] } } }
        : { ok: true, data: jobView({ localId: `ok-${String(request.prompt)}` }) }
    )
    const id = await useMatrixRuns.getState().start(plan(['i3-1', 'i4-1']))
    const run = useMatrixRuns.getState().runs.find((r) => r.id === id)!
    expect(run.cells.map((c) => c.state)).toEqual(['sent', 'sent', 'failed', 'failed'])
    expect(run.cells[2]!.error).toBe('i4Params.width: Must be at least 512')
  })

  it('comes back after a reload; a cell still being sent then says so', async () => {
    api.handleJobs(() => ({ ok: true, data: jobView({ localId: 'kept-1' }) }))
    const id = await useMatrixRuns.getState().start(plan(['i3-1']))
    const saved = JSON.parse(localStorage.getItem('mediagen:matrix-runs')!) as { id: string; cells: { state: string }[] }[]
    expect(saved[0]!.id).toBe(id)
    // As if the page went away while the second cell was on its way.
    saved[0]!.cells[1]!.state = 'sending'
    localStorage.setItem('mediagen:matrix-runs', JSON.stringify(saved))

    vi.resetModules()
    const reloaded = await import('../../../../src/renderer/stores/matrix-runs')
    const run = reloaded.useMatrixRuns.getState().runs[0]!
    expect(run.id).toBe(id)
    expect(run.cells[0]).toMatchObject({ state: 'sent', localId: 'kept-1' })
    expect(run.cells[1]).toMatchObject({ state: 'failed', error: 'The page closed while this was being sent; see the Queue' })
  })

  it('keeps no run when the engine refuses the whole send, and says why', async () => {
    const message = 'Not sent: the app sends at most 600 jobs a minute; 598 went in the last minute, and these 4 would make 602. Nothing was sent; try again in 12 s.'
    api.fail('jobs.submitConfirmed', { code: 'rate_limited', message })
    const started = useMatrixRuns.getState().start(plan(['i3-1', 'i4-1']))
    await expect(started).rejects.toThrow(SendRefusedError)
    await expect(started).rejects.toThrow(message)
    expect(useMatrixRuns.getState().runs).toEqual([])
    expect(api.callsTo('jobs.submit')).toHaveLength(0)
  })

  it('says to look in the Queue when the answer itself was lost', async () => {
    api.fail('jobs.submitConfirmed', { code: 'internal', message: 'The connection to the engine was lost' })
    const id = await useMatrixRuns.getState().start(plan(['i3-1']))
    const run = useMatrixRuns.getState().runs.find((r) => r.id === id)!
    expect(run.cells.map((c) => [c.state, c.error])).toEqual([
      ['failed', 'The connection to the engine was lost; see the Queue for any job that was sent'],
      ['failed', 'The connection to the engine was lost; see the Queue for any job that was sent']
    ])
  })

  it('lets a run go', async () => {
    api.handleJobs(() => ({ ok: true, data: jobView() }))
    const id = await useMatrixRuns.getState().start(plan(['i3-1']))
    useMatrixRuns.getState().remove(id)
    expect(useMatrixRuns.getState().runs).toEqual([])
    expect(JSON.parse(localStorage.getItem('mediagen:matrix-runs')!)).toEqual([])
  })
})
