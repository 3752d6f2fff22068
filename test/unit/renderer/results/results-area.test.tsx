// Create's results: a running job's progress, the outputs in place once saved, and the
// actions on a finished one.
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { ResultsArea } from '../../../../src/renderer/components/results/ResultsArea'
import { useJobs } from '../../../../src/renderer/stores/jobs'
import { useLibrary } from '../../../../src/renderer/stores/library'
import { useNavigation } from '../../../../src/renderer/stores/navigation'
import type { JobView, LibraryFile } from '../../../../src/shared/app/views'
import { installFakeApi } from '../fake-api'
import { jobView, libraryEntry, resetStore } from '../fixtures'
import { useSmallWindowLayout } from '../window-size'

// The results' list is virtualized: it needs a window to draw in.
useSmallWindowLayout()

const api = installFakeApi()
const KINDS = ['image', 'video', 'music'] as const

const image = (index: number, role: LibraryFile['role'] = 'image'): LibraryFile => ({
  index, role, url: null, path: `files/job-1/${index}.png`, thumbnail: `thumbs/job-1-${index}.webp`, state: 'saved', lostReason: null,
  bytes: 1000, sha256: 'ab', mime: 'image/png', width: 64, height: 48, durationSeconds: null
})

function show(job: JobView) {
  useJobs.getState().upsert(job)
  useJobs.getState().markSent(job.localId)
}

beforeEach(() => {
  api.reset()
  resetStore(useJobs)
  resetStore(useLibrary)
})

describe('results on Create', () => {
  it('says where results will come before the first send, leads to the gallery, and gives way to the first result', async () => {
    resetStore(useNavigation)
    useNavigation.getState().go('create')
    render(<ResultsArea kinds={KINDS} />)
    const empty = screen.getByTestId('results-empty')
    expect(empty.textContent).toContain('Each result appears here as it comes in.')
    expect(empty.textContent).toContain('saved to your library as soon as it is ready')
    expect(screen.queryByTestId('results-clear')).toBeNull()
    await userEvent.click(within(empty).getByRole('button', { name: 'Open the gallery' }))
    expect(useNavigation.getState().view).toBe('gallery')
    act(() => show(jobView({ submission: 'accepted', jobId: 'job-1', status: 'PROCESSING', progress: 10 })))
    expect(screen.queryByTestId('results-empty')).toBeNull()
    expect(screen.getByTestId('result')).toBeTruthy()
  })

  it('shows a running job\'s percentage and elapsed time', () => {
    show(jobView({ submission: 'accepted', jobId: 'job-1', status: 'PROCESSING', progress: 40 }))
    render(<ResultsArea kinds={KINDS} />)
    const result = screen.getByTestId('result')
    expect(within(result).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40')
    expect(within(result).getByTestId('result-percent').textContent).toBe('40%')
    expect(within(result).getByTestId('result-elapsed').textContent).toMatch(/elapsed$/)
  })

  it('fetches a completed job\'s entry and shows every output at full quality, grid included', async () => {
    api.answer('library.get', libraryEntry({ files: [image(0), image(1), image(2, 'grid')] }))
    show(jobView({ submission: 'accepted', jobId: 'job-1', status: 'COMPLETED', saved: 'saved', completedAt: '2025-01-01T10:00:09.000Z' }))
    render(<ResultsArea kinds={KINDS} />)
    const outputs = await screen.findAllByTestId('result-output')
    expect(outputs).toHaveLength(3)
    // The grid leads; each is the file itself, not its thumbnail.
    expect(outputs[0]!.getAttribute('data-role')).toBe('grid')
    expect(outputs[1]!.getAttribute('src')).toContain('files/job-1/0.png')
    expect(screen.getByTestId('result-elapsed').textContent).toBe('0:09 in all')
    expect(api.callsTo('library.get')).toEqual([{ jobId: 'job-1' }])
  })

  it('says a job that finished within a second took under a second', async () => {
    api.answer('library.get', libraryEntry({ files: [image(0)] }))
    show(jobView({ submission: 'accepted', jobId: 'job-1', status: 'COMPLETED', saved: 'saved', completedAt: '2025-01-01T10:00:00.400Z' }))
    render(<ResultsArea kinds={KINDS} />)
    expect((await screen.findByTestId('result-elapsed')).textContent).toBe('took under a second')
  })

  it('runs a finished job again with its settings and a new seed', async () => {
    api.answer('library.get', libraryEntry({ files: [image(0)] }))
    api.handle('jobs.submit', ({ request }) => ({ ok: true, data: jobView({ localId: 'local-2', request }) }))
    show(jobView({
      submission: 'accepted', jobId: 'job-1', status: 'COMPLETED', saved: 'saved', model: 'i11-1',
      request: { model: 'i11-1', prompt: 'a lighthouse', i11Params: { seed: 7, num_images: 2 }, webhookUrl: 'https://example.com/hook' }
    }))
    render(<ResultsArea kinds={KINDS} />)
    await userEvent.click(screen.getByTestId('result-run-again'))
    const [sent] = api.callsTo('jobs.submit') as { request: Record<string, unknown> }[]
    expect(sent!.request).toMatchObject({ model: 'i11-1', prompt: 'a lighthouse', i11Params: { num_images: 2 } })
    expect(sent!.request).not.toHaveProperty('webhookUrl')
    expect((sent!.request.i11Params as { seed: number }).seed).not.toBe(7)
    expect(useJobs.getState().sent[0]).toBe('local-2')
  })

  it('says how many credits a cancelled job gave back', () => {
    show(jobView({ submission: 'accepted', jobId: 'job-1', status: 'CANCELLED', creditCost: 12 }))
    render(<ResultsArea kinds={KINDS} />)
    expect(screen.getByTestId('result-refund').textContent).toBe('refunded 12 credits')
  })

  it('prices the refund from the request when the view does not carry the charge', () => {
    show(jobView({ submission: 'accepted', jobId: 'job-1', status: 'CANCELLED', creditCost: null, request: { model: 'i8-1', prompt: 'a', i8Params: { number_of_images: 3 } } }))
    render(<ResultsArea kinds={KINDS} />)
    expect(screen.getByTestId('result-refund').textContent).toBe('refunded 21 credits')
  })

  it('takes newer copies of a shown entry from library events', async () => {
    api.answer('library.get', libraryEntry({ files: [{ ...image(0), state: 'pending', path: null }] }))
    show(jobView({ submission: 'accepted', jobId: 'job-1', status: 'COMPLETED', saved: 'saving' }))
    render(<ResultsArea kinds={KINDS} />)
    expect((await screen.findByTestId('result-output')).getAttribute('data-state')).toBe('pending')
    act(() => useLibrary.getState().upsert(libraryEntry({ files: [image(0)] })))
    expect(screen.getByRole('img').getAttribute('src')).toContain('files/job-1/0.png')
  })
})
