// "Open in gallery" on a Create result takes the user to the Gallery with that item open in
// its viewer, found in the list (so the arrows reach its neighbours) even when filters hid it
// or it sits pages down.
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { locateEntry } from '../../../../src/renderer/features/gallery/locate-entry'
import { ResultsArea } from '../../../../src/renderer/components/results/ResultsArea'
import { useJobs } from '../../../../src/renderer/stores/jobs'
import { LIBRARY_PAGE_SIZE, useLibrary } from '../../../../src/renderer/stores/library'
import { useNavigation } from '../../../../src/renderer/stores/navigation'
import type { RouteInput } from '../../../../src/shared/contract'
import { installFakeApi } from '../fake-api'
import { jobView, libraryEntry, resetStore } from '../fixtures'

const api = installFakeApi()

/** An index of `total` entries e0…e(total-1); a query or modality filter matches none of them. */
function serveIndex(total: number) {
  api.handle('library.list', (input: RouteInput<'library.list'>) => {
    const filtered = input.query !== undefined || input.modality !== undefined
    const count = filtered ? 0 : total
    const offset = input.offset ?? 0
    const ids = Array.from({ length: Math.max(0, Math.min(input.limit ?? 100, count - offset)) }, (_, i) => `e${offset + i}`)
    return { ok: true, data: { entries: ids.map((jobId) => libraryEntry({ jobId, id: jobId })), total: count } }
  })
}

beforeEach(() => {
  api.reset()
  resetStore(useLibrary)
  resetStore(useNavigation)
  resetStore(useJobs)
})

describe('open in gallery', () => {
  it('goes to the Gallery asking for that job\'s item instead of opening a viewer over Create', async () => {
    api.answer('library.get', libraryEntry({ jobId: 'job-1', prompt: 'a lighthouse at dusk' }))
    useJobs.getState().upsert(jobView({ submission: 'accepted', jobId: 'job-1', status: 'COMPLETED', saved: 'saved' }))
    useJobs.getState().markSent('local-1')
    render(<ResultsArea kinds={['image', 'video', 'music']} />)
    await userEvent.click(await screen.findByTestId('result-open-gallery'))
    expect(useNavigation.getState()).toMatchObject({ view: 'gallery', galleryItem: 'job-1' })
    expect(screen.queryByTestId('gallery-detail')).toBeNull()
  })

  it('finds an item pages down the list', async () => {
    serveIndex(LIBRARY_PAGE_SIZE * 3)
    const found = await locateEntry(`e${LIBRARY_PAGE_SIZE * 2 + 5}`)
    expect(found).toEqual({ index: LIBRARY_PAGE_SIZE * 2 + 5, clearedFilters: false })
  })

  it('lifts the filters that hide it but keeps the sort', async () => {
    serveIndex(10)
    useLibrary.setState({ filters: { query: 'fox', sort: 'oldest' } })
    await useLibrary.getState().reload()
    expect(useLibrary.getState().total).toBe(0)
    const found = await locateEntry('e7')
    expect(found).toEqual({ index: 7, clearedFilters: true })
    expect(useLibrary.getState().filters).toEqual({ sort: 'oldest' })
  })

  it('says when the library no longer holds it', async () => {
    serveIndex(3)
    expect(await locateEntry('gone')).toEqual({ index: null, clearedFilters: false })
  })
})
