// Create's results outlive a reload or a restart: the ids of the session's jobs are kept,
// the jobs and their outputs are read again from the engine, and "Clear results" takes
// them off the page (with Undo) without touching a file.
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { LibraryFile } from '../../../../src/shared/app/views'
import { installFakeApi } from '../fake-api'
import { jobView, libraryEntry } from '../fixtures'

const api = installFakeApi()
const KINDS = ['image', 'video', 'music'] as const

const image: LibraryFile = {
  index: 0, role: 'image', url: null, path: 'files/job-1/0.png', thumbnail: null, state: 'saved', lostReason: null,
  bytes: 1000, sha256: 'ab', mime: 'image/png', width: 64, height: 48, durationSeconds: null
}
const done = jobView({ localId: 'local-1', submission: 'accepted', jobId: 'job-1', status: 'COMPLETED', saved: 'saved', completedAt: '2025-01-01T10:00:09.000Z' })

/** The page as it loads again: its stores read what the last one kept. */
async function freshPage() {
  vi.resetModules()
  // The new page picks its transport again (the fake engine stays on `window.api`).
  const { setupTransport } = await import('../../../../src/renderer/api/transport')
  setupTransport()
  const { useJobs } = await import('../../../../src/renderer/stores/jobs')
  const { useToasts } = await import('../../../../src/renderer/stores/toasts')
  const { ResultsArea } = await import('../../../../src/renderer/components/results/ResultsArea')
  const { ToastRegion } = await import('../../../../src/renderer/app/ToastRegion')
  return { useJobs, useToasts, ResultsArea, ToastRegion }
}

beforeEach(() => {
  api.reset()
  localStorage.clear()
  api.answer('jobs.list', [done])
  api.answer('library.get', libraryEntry({ files: [image] }))
})

describe('results that survive a restart', () => {
  it('shows the session\'s results again after a reload, with their outputs read from the library', async () => {
    const before = await freshPage()
    before.useJobs.getState().markSent('local-1')

    const after = await freshPage()
    expect(after.useJobs).not.toBe(before.useJobs)
    await after.useJobs.getState().load()
    render(<after.ResultsArea kinds={KINDS} />)
    const output = await screen.findByTestId('result-output')
    expect(output.getAttribute('src')).toContain('files/job-1/0.png')
    expect(api.callsTo('library.get')).toEqual([{ jobId: 'job-1' }])
  })

  it('clears the results, keeps them cleared after a reload, and Undo brings them back', async () => {
    const page = await freshPage()
    page.useJobs.getState().markSent('local-1')
    await page.useJobs.getState().load()
    render(
      <>
        <page.ResultsArea kinds={KINDS} />
        <page.ToastRegion />
      </>
    )
    await userEvent.click(screen.getByTestId('results-clear'))
    expect(screen.queryByTestId('result')).toBeNull()
    expect((await freshPage()).useJobs.getState().sent).toEqual([])
    // The toast is the first page's; its Undo writes the list back.
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }))
    expect(page.useJobs.getState().sent).toEqual(['local-1'])
    expect((await freshPage()).useJobs.getState().sent).toEqual(['local-1'])
    // Nothing was asked of the library: the files stay.
    expect(api.calls.map((c) => c.route)).not.toContain('library.remove')
  })

  it('keeps the readable ids of a damaged list and says the rest was dropped', async () => {
    localStorage.setItem('mediagen:session-jobs', JSON.stringify(['local-1', 42, { x: 1 }]))
    const page = await freshPage()
    expect(page.useJobs.getState().sent).toEqual(['local-1'])
    await waitFor(() => expect(page.useToasts.getState().toasts.map((t) => t.message)).toContain('2 of 3 saved results could not be read and were dropped'))
  })

  it('starts with no results from a list that is not one, and says so', async () => {
    localStorage.setItem('mediagen:session-jobs', '{not json')
    const page = await freshPage()
    expect(page.useJobs.getState().sent).toEqual([])
    expect(page.useToasts.getState().toasts).toMatchObject([{ level: 'warning', message: 'Saved results could not be read and were cleared' }])
  })
})
