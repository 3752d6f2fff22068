// A search matching more than the index counts ahead says "10,000+ items", and the grid
// keeps the furthest count it was given while the user scrolls back up.
import { act, fireEvent, render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { GalleryView } from '../../../../src/renderer/features/gallery/GalleryView'
import { useGallerySelection } from '../../../../src/renderer/stores/gallery-selection'
import { LIBRARY_PAGE_SIZE, useLibrary } from '../../../../src/renderer/stores/library'
import { useNavigation } from '../../../../src/renderer/stores/navigation'
import type { RouteInput } from '../../../../src/shared/contract'
import { installFakeApi } from '../fake-api'
import { libraryEntry, resetStore } from '../fixtures'
import { useSmallWindowLayout } from '../window-size'

const api = installFakeApi()
const AHEAD = 10_000
/** Matches in the index; the fake counts as the engine does, at most AHEAD past the page. */
let matches = 50_000

useSmallWindowLayout()

beforeEach(async () => {
  api.reset()
  resetStore(useLibrary)
  resetStore(useGallerySelection)
  resetStore(useNavigation)
  matches = 50_000
  api.answer('boards.list', [])
  api.answer('smartCollections.list', [])
  api.handle('library.list', (input: RouteInput<'library.list'>) => {
    const offset = input.offset ?? 0
    const ids = Array.from({ length: Math.max(0, Math.min(input.limit ?? 60, matches - offset)) }, (_, i) => `e${offset + i}`)
    const counted = Math.min(matches, offset + AHEAD)
    return { ok: true, data: { entries: ids.map((id) => libraryEntry({ jobId: id, id, prompt: `prompt ${id}` })), total: counted, totalIsLowerBound: counted < matches } }
  })
})

describe('the gallery count', () => {
  it('says "at least" when the index stopped counting, and exactly how many otherwise', async () => {
    await useLibrary.getState().reload()
    render(<GalleryView />)
    expect(screen.getByTestId('gallery-count').textContent).toBe('10,000+ items')
    fireEvent.click(await screen.findByRole('button', { name: 'Open prompt e0' }))
    expect(screen.getByTestId('detail-position').textContent).toBe('1 of 10,000+')
    fireEvent.keyDown(window, { key: 'Escape' })

    matches = 1
    await act(() => useLibrary.getState().reload())
    expect(screen.getByTestId('gallery-count').textContent).toBe('1 item')
  })

  it('grows as deeper pages count further, and does not shrink when the first page is asked again', async () => {
    await useLibrary.getState().reload()
    expect(useLibrary.getState()).toMatchObject({ total: AHEAD, totalIsLowerBound: true })
    const deep = 150 * LIBRARY_PAGE_SIZE
    await useLibrary.getState().ensureRange(deep, deep + LIBRARY_PAGE_SIZE)
    expect(useLibrary.getState()).toMatchObject({ total: deep + AHEAD, totalIsLowerBound: true })
    // Scrolled back to the top: page 0 (evicted meanwhile) is asked again and counts less far ahead.
    useLibrary.setState((st) => ({ pages: { 150: st.pages[150]! } }))
    const before = api.callsTo('library.list').length
    await useLibrary.getState().ensureRange(0, LIBRARY_PAGE_SIZE)
    expect(api.callsTo('library.list').slice(before).map((c) => (c as { offset?: number }).offset)).toEqual([0])
    expect(useLibrary.getState()).toMatchObject({ total: deep + AHEAD, totalIsLowerBound: true })
  })
})
