// The viewer of a tool result names what it was made from: a link that opens the library
// output, or the file from disk, and compares the result with the kept copy of its input.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { GalleryDetail } from '../../../../src/renderer/features/gallery/GalleryDetail'
import type { LibraryEntry, LibraryInput } from '../../../../src/shared/app/views'
import { installFakeApi } from '../fake-api'
import { libraryEntry } from '../fixtures'

const api = installFakeApi()

const saved = (jobId: string) => [{ index: 0, role: 'image' as const, url: null, path: `files/${jobId}/0.png`, thumbnail: null, state: 'saved' as const, lostReason: null, bytes: 1000, sha256: 'ab', mime: 'image/png', width: 64, height: 48, durationSeconds: null }]
const input = (over: Partial<LibraryInput> = {}): LibraryInput => ({ field: 'e1Params.image', fileName: 'photo.png', path: 'inputs/ab12.png', sha256: 'ab12', bytes: 100, mime: 'image/png', ...over })
const source = libraryEntry({ jobId: 'job-src', id: 'job-src', model: 'i1-1', prompt: 'a lighthouse on a cliff', files: saved('job-src') })
const edit = (inputs: LibraryInput[]): LibraryEntry => libraryEntry({ jobId: 'job-edit', id: 'job-edit', model: 'e1-1', prompt: 'a red door', files: saved('job-edit'), inputs })

beforeEach(() => {
  api.reset()
  api.handle('library.get', ({ jobId }) => (jobId === source.jobId ? { ok: true, data: source } : { ok: false, error: { code: 'not_found', message: 'Not in the library' } }))
})

describe('made from', () => {
  it('links a result to the library output it was made from, and opens it', async () => {
    const user = userEvent.setup()
    render(<GalleryDetail entry={edit([input({ sourceJobId: 'job-src', sourceIndex: 0 })])} onClose={() => {}} />)
    const link = await screen.findByTestId('made-from-link')
    expect(link.textContent).toBe('a lighthouse on a cliff')
    const slider = screen.getByRole('slider', { name: 'Compare with the original' })
    expect(within(slider.parentElement!).getByAltText('Before: photo.png').getAttribute('src')).toContain('inputs/ab12.png')
    await user.click(link)
    expect(within(screen.getByTestId('gallery-detail-source')).getByTestId('detail-prompt').textContent).toBe('a lighthouse on a cliff')
  })

  it('names a file from disk, and says when the source has left the library', async () => {
    const { unmount } = render(<GalleryDetail entry={edit([input()])} onClose={() => {}} />)
    expect(screen.getByTestId('made-from').textContent).toBe('photo.png (a file from disk)')
    expect(screen.getByRole('slider', { name: 'Compare with the original' })).toBeTruthy()
    unmount()
    render(<GalleryDetail entry={edit([input({ sourceJobId: 'job-gone', sourceIndex: 0 })])} onClose={() => {}} />)
    await waitFor(() => expect(screen.getByTestId('made-from').textContent).toBe('photo.png (no longer in the library)'))
  })

  it('shows no comparison for an output that was generated, not edited', () => {
    render(<GalleryDetail entry={source} onClose={() => {}} />)
    expect(screen.queryByTestId('made-from')).toBeNull()
    expect(screen.queryByRole('slider', { name: 'Compare with the original' })).toBeNull()
  })
})
