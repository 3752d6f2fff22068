// Bulk actions on selected tiles: favourites and boards go to the library index and the
// cached pages are asked again; a removal of many is undone with one Undo.
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { SelectionBar } from '../../../../src/renderer/features/gallery/SelectionBar'
import { useBoards } from '../../../../src/renderer/stores/boards'
import { useGallerySelection } from '../../../../src/renderer/stores/gallery-selection'
import { useLibrary } from '../../../../src/renderer/stores/library'
import { useToasts } from '../../../../src/renderer/stores/toasts'
import { ToastRegion } from '../../../../src/renderer/app/ToastRegion'
import type { LibraryEntry } from '../../../../src/shared/app/views'
import { installFakeApi } from '../fake-api'
import { libraryEntry, libraryIds, resetStore } from '../fixtures'

const api = installFakeApi()
let index: LibraryEntry[] = []
const board = { id: 'b1', name: 'Portraits', createdAt: '2025-01-01T10:00:00.000Z', kind: 'board' as const, parent: null }

beforeEach(() => {
  api.reset()
  for (const store of [useLibrary, useBoards, useGallerySelection, useToasts]) resetStore(store as never)
  index = ['a', 'b', 'c'].map((jobId) => libraryEntry({ jobId, id: jobId }))
  useLibrary.setState({ pages: { 0: index }, total: 3, loaded: true })
  useBoards.setState({ boards: [{ ...board, count: 0 }] })
  useGallerySelection.setState({ ids: new Set(['a', 'c']), anchor: 0 })
  api.handle('library.list', () => ({ ok: true, data: { entries: index, total: index.length } }))
  api.answer('boards.list', [{ ...board, count: 2 }])
})

function renderBar() {
  render(
    <>
      <SelectionBar />
      <ToastRegion />
    </>
  )
}

describe('selection bar', () => {
  it('favourites the selection and refreshes the cached pages', async () => {
    const user = userEvent.setup()
    api.answer('library.setFavorite', { changed: 2 })
    renderBar()
    expect(screen.getByTestId('selection-count').textContent).toBe('2 selected')
    await user.click(screen.getByRole('button', { name: '★ Favourite' }))
    expect(api.callsTo('library.setFavorite')).toEqual([{ jobIds: ['a', 'c'], favorite: true }])
    expect(api.callsTo('library.list')).toHaveLength(1)
  })

  it('adds the selection to a board and reloads the boards with their counts', async () => {
    const user = userEvent.setup()
    api.answer('boards.setMembers', { changed: 2 })
    renderBar()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Add to board' }), 'Portraits')
    expect(api.callsTo('boards.setMembers')).toEqual([{ boardId: 'b1', jobIds: ['a', 'c'], on: true }])
    expect(useBoards.getState().boards[0]?.count).toBe(2)
  })

  it('removes the selection after a confirmation, and one Undo brings all of it back', async () => {
    const user = userEvent.setup()
    api.handle('library.remove', ({ jobId }) => {
      index = index.filter((e) => e.jobId !== jobId)
      return { ok: true, data: null }
    })
    api.handle('library.restore', ({ jobId }) => {
      const back = libraryEntry({ jobId, id: jobId })
      index = [...index, back].sort((x, y) => x.jobId.localeCompare(y.jobId))
      return { ok: true, data: back }
    })
    renderBar()
    await user.click(screen.getByRole('button', { name: 'Remove…' }))
    await user.click(screen.getByRole('button', { name: 'Remove 2' }))
    expect(api.callsTo('library.remove')).toEqual([{ jobId: 'a' }, { jobId: 'c' }])
    expect(libraryIds(useLibrary.getState())).toEqual(['b'])
    expect(useGallerySelection.getState().ids.size).toBe(0)
    await user.click(await screen.findByRole('button', { name: 'Undo' }))
    expect(api.callsTo('library.restore')).toEqual([{ jobId: 'a' }, { jobId: 'c' }])
    await expect.poll(() => libraryIds(useLibrary.getState())).toEqual(['a', 'b', 'c'])
  })
})

describe('compare', () => {
  it('shows two to four selected outputs side by side, fetching those not cached', async () => {
    const user = userEvent.setup()
    api.answer('library.get', libraryEntry({ jobId: 'far', id: 'far', prompt: 'a far away one' }))
    useGallerySelection.setState({ ids: new Set(['a', 'far']), anchor: 0 })
    renderBar()
    await user.click(screen.getByRole('button', { name: 'Compare' }))
    expect(await screen.findAllByTestId('compare-item')).toHaveLength(2)
    expect(screen.getByRole('dialog', { name: 'Compare 2 outputs' }).textContent).toContain('a far away one')
  })

  it('asks for at least two', () => {
    useGallerySelection.setState({ ids: new Set(['a']), anchor: 0 })
    renderBar()
    expect(screen.getByRole('button', { name: 'Compare' })).toHaveProperty('disabled', true)
  })
})
