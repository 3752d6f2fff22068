// Create's large view: the session's outputs as a grid beside a big preview that shows an
// image, a video or a track; the arrow keys move between them and Escape returns.
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ResultsLargeView } from '../../../../src/renderer/features/create/ResultsLargeView'
import { useJobs } from '../../../../src/renderer/stores/jobs'
import { useLibrary } from '../../../../src/renderer/stores/library'
import type { LibraryFile } from '../../../../src/shared/app/views'
import { installFakeApi } from '../fake-api'
import { jobView, libraryEntry, resetStore } from '../fixtures'

const api = installFakeApi()
const KINDS = ['image', 'video', 'music'] as const

const file = (jobId: string, index: number, over: Partial<LibraryFile> = {}): LibraryFile => ({
  index, role: 'image', url: null, path: `files/${jobId}/${index}.png`, thumbnail: null, state: 'saved', lostReason: null,
  bytes: 1000, sha256: 'ab', mime: 'image/png', width: 64, height: 48, durationSeconds: null, ...over
})
const entries = {
  'job-1': libraryEntry({ jobId: 'job-1', id: 'job-1', prompt: 'two foxes', files: [file('job-1', 0), file('job-1', 1), file('job-1', 2, { role: 'grid' })] }),
  'job-2': libraryEntry({ jobId: 'job-2', id: 'job-2', modality: 'video', model: 'v1-1', prompt: 'a wave', files: [file('job-2', 0, { role: 'video', mime: 'video/mp4', path: 'files/job-2/0.mp4' })] }),
  'job-3': libraryEntry({ jobId: 'job-3', id: 'job-3', modality: 'music', model: 'm1-1', prompt: 'a tune', files: [file('job-3', 0, { role: 'track', mime: 'audio/mpeg', path: 'files/job-3/0.mp3' })] })
}

beforeEach(() => {
  api.reset()
  resetStore(useJobs)
  resetStore(useLibrary)
  api.handle('library.get', ({ jobId }) => ({ ok: true, data: entries[jobId as keyof typeof entries] }))
  // Sent oldest first, so job-3 leads (newest first).
  for (const n of [1, 2, 3]) {
    const job = jobView({ localId: `local-${n}`, jobId: `job-${n}`, submission: 'accepted', status: 'COMPLETED', saved: 'saved', kind: entries[`job-${n}` as keyof typeof entries].modality })
    useJobs.getState().upsert(job)
    useJobs.getState().markSent(job.localId)
  }
})

describe('the large view of Create\'s results', () => {
  it('lists every output (not the grid image), previews a track, a video and an image, and moves with the arrow keys', async () => {
    const user = userEvent.setup()
    render(<ResultsLargeView kinds={KINDS} onClose={vi.fn()} />)
    await waitFor(() => expect(screen.getAllByTestId('results-large-tile')).toHaveLength(4))
    const preview = screen.getByTestId('results-large-preview')
    // The first tile has the focus, and the newest result, a track, plays in the preview.
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByTestId('results-large-tile')[0]))
    expect(preview.querySelector('[data-testid="gallery-media"]')?.closest('.media-audio')).not.toBeNull()

    await user.keyboard('{ArrowRight}')
    expect(preview.querySelector('video')?.getAttribute('src')).toContain('files/job-2/0.mp4')
    expect(screen.getByTestId('results-large-position').textContent).toBe('2 of 4')
    expect(document.activeElement).toBe(screen.getAllByTestId('results-large-tile')[1])

    await user.keyboard('{End}')
    expect(preview.querySelector('img')?.getAttribute('src')).toContain('files/job-1/1.png')
    await user.keyboard('{ArrowLeft}')
    expect(preview.querySelector('img')?.getAttribute('src')).toContain('files/job-1/0.png')
    // An image offers the tools; the big preview leads to them as each result does.
    expect(screen.getByTestId('large-upscale-image')).toBeTruthy()
    await user.keyboard('{Home}')
    expect(screen.getByTestId('results-large-position').textContent).toBe('1 of 4')
  })

  it('returns to the form with Escape', async () => {
    const onClose = vi.fn()
    render(<ResultsLargeView kinds={KINDS} onClose={onClose} />)
    await waitFor(() => expect(screen.getAllByTestId('results-large-tile')).toHaveLength(4))
    await userEvent.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledTimes(1)
  })
})
