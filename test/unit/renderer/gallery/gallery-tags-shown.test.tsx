// Tags where a creator looks: on each tile (a few chips over the picture, left out when the
// tile is too small to read them) and in the viewer, where a click on one shows every item
// that carries it.
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
useSmallWindowLayout()

const TAGS: Record<string, string[]> = { a: ['sunset', 'sea', 'boat'], b: [], c: ['portrait'] }

beforeEach(async () => {
  api.reset()
  for (const store of [useLibrary, useGallerySelection, useNavigation]) resetStore(store as never)
  api.answer('boards.list', []).answer('smartCollections.list', [])
  api.handle('library.list', (input: RouteInput<'library.list'>) => {
    const wanted = input.tagsAny?.[0]
    const ids = Object.keys(TAGS).filter((id) => !wanted || TAGS[id]!.includes(wanted))
    return { ok: true, data: { entries: ids.map((id) => libraryEntry({ jobId: id, id, prompt: `prompt ${id}`, tags: TAGS[id] })), total: ids.length } }
  })
  await useLibrary.getState().reload()
})

const tileOf = async (id: string) => (await screen.findAllByTestId('gallery-item')).find((t) => t.dataset.jobId === id)!

describe('tags on the tiles', () => {
  it('shows each tile’s tags on it, and none on a tile without', async () => {
    render(<GalleryView />)
    expect(within(await tileOf('a')).getByTestId('tile-tags').textContent).toBe('sunsetseaboat')
    expect(within(await tileOf('c')).getByTestId('tile-tags').textContent).toBe('portrait')
    expect(within(await tileOf('b')).queryByTestId('tile-tags')).toBeNull()
  })

  it('leaves them out when the tiles are made small', async () => {
    render(<GalleryView />)
    await tileOf('a')
    fireEvent.change(screen.getByTestId('tile-size'), { target: { value: '120' } })
    expect(within(await tileOf('a')).queryByTestId('tile-tags')).toBeNull()
  })
})

describe('tags in the viewer', () => {
  it('lists the item’s tags; a click on one shows every item that carries it', async () => {
    render(<GalleryView />)
    fireEvent.click(within(await tileOf('a')).getByRole('button', { name: /^Open prompt a/ }))
    const tags = within(await screen.findByTestId('detail-tags')).getAllByTestId('detail-tag')
    expect(tags.map((t) => t.textContent)).toEqual(['sunset', 'sea', 'boat'])
    await act(async () => fireEvent.click(tags[1]!))
    expect(useLibrary.getState().filters.tagsAny).toEqual(['sea'])
    expect(api.callsTo('library.list').at(-1)).toMatchObject({ tagsAny: ['sea'] })
    expect(screen.queryByTestId('gallery-detail')).toBeNull()
    expect(screen.getByTestId('gallery-count').textContent).toBe('1 item')
  })
})
