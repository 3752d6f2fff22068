// The gallery's viewer shows one item: opened from a tile or asked for from elsewhere ("Open
// in gallery"), it stays on that item when the list shifts under it (an output arriving).
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { GalleryView } from '../../../../src/renderer/features/gallery/GalleryView'
import { useGallerySelection } from '../../../../src/renderer/stores/gallery-selection'
import { useLibrary } from '../../../../src/renderer/stores/library'
import { useNavigation } from '../../../../src/renderer/stores/navigation'
import type { RouteInput } from '../../../../src/shared/contract'
import { installFakeApi } from '../fake-api'
import { libraryEntry, resetStore } from '../fixtures'
import { useSmallWindowLayout } from '../window-size'

const api = installFakeApi()
let ids: string[] = []

useSmallWindowLayout()

beforeEach(async () => {
  api.reset()
  resetStore(useLibrary)
  resetStore(useGallerySelection)
  resetStore(useNavigation)
  ids = ['c', 'b', 'a']
  api.answer('boards.list', [])
  api.answer('smartCollections.list', [])
  api.handle('library.list', (input: RouteInput<'library.list'>) => {
    const offset = input.offset ?? 0
    const page = ids.slice(offset, offset + (input.limit ?? 60))
    return { ok: true, data: { entries: page.map((id) => libraryEntry({ jobId: id, id, prompt: `prompt ${id}` })), total: ids.length } }
  })
  await useLibrary.getState().reload()
})

const viewer = () => within(screen.getByTestId('gallery-detail'))

describe('the gallery viewer', () => {
  it('stays on its item when a new output arrives at the top', async () => {
    render(<GalleryView />)
    fireEvent.click(await screen.findByRole('button', { name: 'Open prompt b' }))
    expect(viewer().getByTestId('detail-prompt').textContent).toBe('prompt b')
    expect(viewer().getByTestId('detail-position').textContent).toBe('2 of 3')

    ids = ['new', ...ids]
    await act(() => useLibrary.getState().refresh())
    expect(viewer().getByTestId('detail-prompt').textContent).toBe('prompt b')
    expect(viewer().getByTestId('detail-position').textContent).toBe('3 of 4')
  })

  it('opens the item another view asks for', async () => {
    render(<GalleryView />)
    await screen.findByRole('button', { name: 'Open prompt c' })
    act(() => useNavigation.getState().openInGallery('a'))
    expect((await screen.findByTestId('detail-prompt')).textContent).toBe('prompt a')
    expect(viewer().getByTestId('detail-position').textContent).toBe('3 of 3')
    expect(useNavigation.getState().galleryItem).toBeNull()
  })
})
