// The Queue scales and acts in bulk: with 2,000 jobs only the rows near the viewport are in
// the DOM; a search narrows by prompt, model or status; rows selected (one by one, by
// shift-click or all at once) are cancelled, retried or dismissed together, each through
// its own job's route, skipping the ones the action does not apply to; each finished job
// shows a picture of its first output from the library.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { QueueView } from '../../../../src/renderer/features/queue/QueueView'
import { useApp } from '../../../../src/renderer/stores/app'
import { useJobs } from '../../../../src/renderer/stores/jobs'
import { useLibrary } from '../../../../src/renderer/stores/library'
import { useToasts } from '../../../../src/renderer/stores/toasts'
import type { JobView } from '../../../../src/shared/app/views'
import { installFakeApi } from '../fake-api'
import { jobView, libraryEntry, resetStore } from '../fixtures'
import { useSmallWindowLayout } from '../window-size'

const api = installFakeApi()
useSmallWindowLayout()

/** Job `n`, created `n` minutes after the first, so the newest is the highest number. */
function job(n: number, over: Partial<JobView> = {}): JobView {
  const createdAt = new Date(Date.parse('2025-01-01T10:00:00.000Z') + n * 60_000).toISOString()
  return jobView({ localId: `local-${n}`, jobId: `job-${n}`, submission: 'accepted', status: 'COMPLETED', prompt: `prompt ${n}`, createdAt, updatedAt: createdAt, ...over })
}

function load(jobs: JobView[]): void {
  useJobs.setState({ byId: Object.fromEntries(jobs.map((j) => [j.localId, j])), loaded: true })
}

const rows = () => screen.queryAllByTestId('job-row')
const shownIds = () => rows().map((r) => r.dataset.localId)

beforeEach(() => {
  api.reset()
  // Also forgets the jobs an earlier test dismissed, which stay gone otherwise.
  useJobs.getState().clear()
  resetStore(useLibrary)
  resetStore(useApp)
  resetStore(useToasts)
})

describe('a queue of thousands', () => {
  it('keeps the DOM to about a screenful of rows with 2,000 jobs', () => {
    load(Array.from({ length: 2000 }, (_, i) => job(i)))
    render(<QueueView />)
    expect(screen.getByText('2,000 jobs')).toBeTruthy()
    expect(rows().length).toBeGreaterThan(3)
    expect(rows().length).toBeLessThan(30)
    expect(shownIds()[0]).toBe('local-1999')
    // Today's list grew by about 18 nodes a job (3,049 at 172); 2,000 of those would be 36,000.
    expect(document.body.querySelectorAll('*').length).toBeLessThan(1200)
  })
})

describe('search', () => {
  it('narrows by prompt, model and status, every word matching, and Show all brings everything back', () => {
    load([
      job(1, { prompt: 'a red kite over hills' }),
      job(2, { prompt: 'a blue kite', model: 'v2-1', kind: 'video' }),
      job(3, { prompt: 'a red barn', status: 'FAILED', error: 'boom' })
    ])
    render(<QueueView />)
    const search = screen.getByTestId('queue-search')
    fireEvent.change(search, { target: { value: 'kite' } })
    expect(shownIds()).toEqual(['local-2', 'local-1'])
    fireEvent.change(search, { target: { value: 'RED kite' } })
    expect(shownIds()).toEqual(['local-1'])
    fireEvent.change(search, { target: { value: 'v2-1' } })
    expect(shownIds()).toEqual(['local-2'])
    fireEvent.change(search, { target: { value: 'failed' } })
    expect(shownIds()).toEqual(['local-3'])
    fireEvent.change(search, { target: { value: 'nothing like it' } })
    expect(rows()).toHaveLength(0)
    expect(screen.getByText('No job matches “nothing like it”.')).toBeTruthy()
    fireEvent.click(screen.getByTestId('queue-show-all'))
    expect(shownIds()).toHaveLength(3)
  })
})

describe('bulk actions', () => {
  it('dismisses the selected jobs through each one’s route and skips a running one', async () => {
    load([job(1), job(2, { status: 'PROCESSING', progress: 10 }), job(3, { status: 'FAILED' }), job(4)])
    api.handle('jobs.dismiss', () => ({ ok: true, data: null }))
    render(<QueueView />)
    const check = (localId: string) => within(rows().find((r) => r.dataset.localId === localId)!).getByTestId('job-select')
    fireEvent.click(check('local-3'))
    fireEvent.click(check('local-2'))
    fireEvent.click(check('local-1'))
    expect(screen.getByText('3 selected')).toBeTruthy()
    // The running job cannot be dismissed: the button counts the two that can.
    expect(screen.getByTestId('queue-bulk-dismiss').textContent).toBe('Dismiss 2')
    fireEvent.click(screen.getByTestId('queue-bulk-dismiss'))
    await waitFor(() => expect(shownIds()).toEqual(['local-4', 'local-2']))
    expect(api.callsTo('jobs.dismiss')).toEqual(expect.arrayContaining([{ localId: 'local-3' }, { localId: 'local-1' }]))
    expect(api.callsTo('jobs.dismiss')).toHaveLength(2)
    expect(useToasts.getState().toasts.at(-1)?.message).toBe('Dismissed 2 jobs, 1 skipped (not possible in their state)')
  })

  it('selects a run with shift, everything shown at once, and acts only on what the search still shows', async () => {
    load([job(1, { status: 'FAILED' }), job(2, { status: 'FAILED' }), job(3, { status: 'FAILED', prompt: 'other' }), job(4, { status: 'FAILED' })])
    api.handle('jobs.retry', ({ localId }) => ({ ok: true, data: job(Number(localId.split('-')[1]), { status: 'QUEUED', updatedAt: '2030-01-01T00:00:00.000Z' }) }))
    render(<QueueView />)
    const checks = () => screen.getAllByTestId('job-select')
    fireEvent.click(checks()[0]!)
    fireEvent.click(checks()[2]!, { shiftKey: true })
    expect(screen.getByText('3 selected')).toBeTruthy()
    fireEvent.click(screen.getByTestId('queue-select-all'))
    expect(screen.getByText('4 selected')).toBeTruthy()
    fireEvent.change(screen.getByTestId('queue-search'), { target: { value: 'prompt' } })
    expect(screen.getByTestId('queue-bulk-retry').textContent).toBe('Retry 3')
    fireEvent.click(screen.getByTestId('queue-bulk-retry'))
    await waitFor(() => expect(useJobs.getState().byId['local-1']?.status).toBe('QUEUED'))
    expect(api.callsTo('jobs.retry').map((c) => (c as { localId: string }).localId).sort()).toEqual(['local-1', 'local-2', 'local-4'])
    expect(useJobs.getState().byId['local-3']?.status).toBe('FAILED')
  })

  it('says which jobs the engine refused', async () => {
    load([job(1, { status: 'PROCESSING' }), job(2, { status: 'QUEUED' })])
    api.handle('jobs.cancel', ({ localId }) =>
      localId === 'local-1' ? { ok: false, error: { code: 'conflict', message: 'The job already finished' } } : { ok: true, data: job(2, { status: 'CANCELLED', updatedAt: '2030-01-01T00:00:00.000Z' }) }
    )
    render(<QueueView />)
    fireEvent.click(screen.getByTestId('queue-select-all'))
    fireEvent.click(screen.getByTestId('queue-bulk-cancel'))
    await waitFor(() => expect(useToasts.getState().toasts.at(-1)).toMatchObject({ level: 'error', message: 'Cancelled 1 job, refused: The job already finished' }))
  })
})

describe('thumbnails', () => {
  it('shows the first output of a saved job from the library, and fetches it once', async () => {
    const file = { index: 0, role: 'image' as const, url: null, path: 'files/job-1/0.png', thumbnail: 'thumbs/job-1-0.webp', state: 'saved' as const, lostReason: null, bytes: 10, sha256: 'ab', mime: 'image/png', width: 8, height: 8, durationSeconds: null }
    api.answer('library.get', libraryEntry({ jobId: 'job-1', files: [file] }))
    load([job(1, { saved: 'saved' }), job(2, { saved: 'none', status: 'PROCESSING' })])
    render(<QueueView />)
    const img = await screen.findByTestId('job-thumb')
    expect(img.getAttribute('src')).toContain('thumbs/job-1-0.webp')
    expect(api.callsTo('library.get')).toEqual([{ jobId: 'job-1' }])
  })
})
