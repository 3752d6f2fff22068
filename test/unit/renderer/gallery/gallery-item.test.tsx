// A tile's status: waiting with the time left before the service purges the original (from
// the job's save-waiting deadline), or lost with its reason; nothing when saved.
import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { GalleryItem } from '../../../../src/renderer/features/gallery/GalleryItem'
import { useJobs } from '../../../../src/renderer/stores/jobs'
import { applyLanguageSetting } from '../../../../src/renderer/app/page-language'
import type { LibraryEntry, LibraryFile } from '../../../../src/shared/app/views'
import { installFakeApi } from '../fake-api'
import { jobView, libraryEntry, resetStore } from '../fixtures'

// A saved file's picture loads through the library protocol, which the transport serves.
installFakeApi()

const file = (state: LibraryFile['state'], lostReason: string | null = null): LibraryFile => ({
  index: 0, role: 'image', url: null, path: state === 'saved' ? 'files/x/0.png' : null, thumbnail: null, state, lostReason, bytes: null, sha256: null, mime: null, width: null, height: null, durationSeconds: null
})
const tile = (entry: LibraryEntry) =>
  render(
    <ul>
      <GalleryItem entry={entry} selected={false} onActivate={vi.fn()} onSelect={vi.fn()} onFavorite={vi.fn()} />
    </ul>
  )

beforeEach(() => {
  resetStore(useJobs)
  vi.useFakeTimers({ now: Date.parse('2025-01-01T10:00:00Z'), toFake: ['Date'] })
})
afterEach(() => vi.useRealTimers())

describe('gallery tile status', () => {
  it('counts down to the purge while its output waits to be saved', () => {
    useJobs.setState({ byId: { l1: jobView({ localId: 'l1', jobId: 'job-1', saveWaiting: { reason: 'disk full', purgeAt: '2025-01-01T13:20:00Z' } }) } })
    tile(libraryEntry({ jobId: 'job-1', files: [file('pending')] }))
    const status = screen.getByTestId('tile-status')
    expect(status.dataset.status).toBe('waiting')
    expect(status.textContent).toBe('Waiting, purged in 3 hr, 20 min')
    expect(status.title).toBe('disk full')
  })

  it('says why an output was lost', () => {
    tile(libraryEntry({ files: [file('lost', 'The service purged it before the disk had room')] }))
    expect(screen.getByTestId('tile-status').textContent).toBe('Lost: The service purged it before the disk had room')
  })

  it('says nothing when every file is saved', () => {
    tile(libraryEntry({ files: [file('saved')] }))
    expect(screen.queryByTestId('tile-status')).toBeNull()
  })
})

describe('a tile on screen when the language changes', () => {
  afterEach(() => applyLanguageSetting('system'))

  it('draws its words again in the language chosen, without being mounted again', async () => {
    tile(libraryEntry({ jobId: 'job-1', prompt: 'a fox', modality: 'video', files: [file('lost', 'purged')] }))
    const star = screen.getByTestId('tile-favorite')
    expect(star.getAttribute('aria-label')).toBe('Favourite a fox')
    expect(screen.getByText('Video')).toBeTruthy()
    expect(screen.getByTestId('tile-status').textContent).toBe('Lost: purged')
    const thumb = document.querySelector('.thumb-lost')!
    expect(thumb.textContent).toBe('Lost')

    await act(() => applyLanguageSetting('de'))

    // The same element, its words German: the tile followed the language, with no remount.
    expect(screen.getByTestId('tile-favorite')).toBe(star)
    expect(star.getAttribute('aria-label')).toBe('a fox als Favorit markieren')
    expect(screen.getByTestId('tile-select').getAttribute('aria-label')).toBe('a fox auswählen')
    expect(screen.getByTestId('tile-status').textContent).toBe('Verloren: purged')
    expect(thumb.textContent).toBe('Verloren')
  })
})
