// Pressing a filter changes the control at once and leaves the list on screen as it is,
// where it was scrolled, until the new list's first page arrives; the new list then shows
// from its top, and a selection made in the old one is let go. The grid is not drawn again
// for the press itself: in a library of a million, that redraw was most of a filter's time.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { GalleryView } from '../../../../src/renderer/features/gallery/GalleryView'
import { useGallerySelection } from '../../../../src/renderer/stores/gallery-selection'
import { LIBRARY_PAGE_SIZE, useLibrary } from '../../../../src/renderer/stores/library'
import { useNavigation } from '../../../../src/renderer/stores/navigation'
import type { RouteInput, RouteOutput } from '../../../../src/shared/contract'
import { installFakeApi } from '../fake-api'
import { libraryEntry, resetStore } from '../fixtures'
import { useSmallWindowLayout } from '../window-size'

const api = installFakeApi()
const TOTAL = 10_000
/** While set, a favourites list waits for this to be called. */
let held: ((answer: void) => void) | null = null

useSmallWindowLayout()

// The test DOM does not scroll an element by itself: scrolling sets the position and says so, as a browser does.
beforeEach(() => {
  const original = Element.prototype.scrollTo
  Element.prototype.scrollTo = function (this: Element, options?: ScrollToOptions | number) {
    if (typeof options === 'object' && options.top !== undefined) this.scrollTop = options.top
    this.dispatchEvent(new Event('scroll'))
  } as typeof Element.prototype.scrollTo
  return () => {
    Element.prototype.scrollTo = original
  }
})

function page(input: RouteInput<'library.list'>): RouteOutput<'library.list'> {
  const offset = input.offset ?? 0
  const prefix = input.favorite ? 'fav' : 'e'
  const ids = Array.from({ length: Math.max(0, Math.min(input.limit ?? LIBRARY_PAGE_SIZE, TOTAL - offset)) }, (_, i) => `${prefix}${offset + i}`)
  return { entries: ids.map((id) => libraryEntry({ jobId: id, id, prompt: `prompt ${id}`, favorite: input.favorite === true })), total: TOTAL }
}

beforeEach(async () => {
  api.reset()
  resetStore(useLibrary)
  resetStore(useGallerySelection)
  resetStore(useNavigation)
  held = null
  api.answer('boards.list', [])
  api.answer('smartCollections.list', [])
  api.handle('library.list', async (input: RouteInput<'library.list'>) => {
    if (input.favorite) await new Promise<void>((resolve) => (held = resolve))
    return { ok: true, data: page(input) }
  })
  await useLibrary.getState().reload()
})

const shown = () => screen.getAllByTestId('gallery-item').map((t) => t.dataset.jobId!)

describe('pressing a filter', () => {
  it('keeps the list on screen where it was until the new one arrives, then shows the new one from its top', async () => {
    render(<GalleryView />)
    await screen.findAllByTestId('gallery-item')
    const scroller = screen.getByTestId('gallery-grid')
    scroller.scrollTop = 4000
    fireEvent.scroll(scroller)
    await waitFor(() => expect(shown()).not.toContain('e0'))
    const before = shown()
    useGallerySelection.setState({ ids: new Set([before[0]!]) })

    fireEvent.click(screen.getByTestId('filter-favorite'))
    await waitFor(() => expect(held).not.toBeNull())
    expect(screen.getByTestId('filter-favorite').getAttribute('aria-pressed')).toBe('true')
    // The old list, scrolled as it was, with its selection, until the answer comes.
    expect(shown()).toEqual(before)
    expect(scroller.scrollTop).toBe(4000)
    expect(useGallerySelection.getState().ids.size).toBe(1)

    await act(async () => held!())
    await waitFor(() => expect(shown()[0]).toBe('fav0'))
    expect(scroller.scrollTop).toBe(0)
    expect(useGallerySelection.getState().ids.size).toBe(0)
  })

  // Reading an element's size while the new tiles are being put in has the browser lay the
  // page out there and then, before the frame that lays it out anyway: a screen of new tiles
  // laid out twice. The viewport's height comes from what the virtualizer observed.
  it('draws the new list without reading the layout of the page on its way', async () => {
    render(<GalleryView />)
    await screen.findAllByTestId('gallery-item')
    fireEvent.click(screen.getByTestId('filter-favorite'))
    await waitFor(() => expect(held).not.toBeNull())

    const reads: string[] = []
    const spies = (['clientHeight', 'clientWidth', 'scrollHeight', 'offsetHeight', 'offsetWidth'] as const).map((name) => {
      let owner: object = document.createElement('div')
      while (!Object.getOwnPropertyDescriptor(owner, name)) owner = Object.getPrototypeOf(owner) as object
      return vi.spyOn(owner as HTMLElement, name, 'get').mockImplementation(() => {
        reads.push(name)
        return 0
      })
    })
    try {
      await act(async () => held!())
      await waitFor(() => expect(shown()[0]).toBe('fav0'))
    } finally {
      spies.forEach((s) => s.mockRestore())
    }
    expect(reads).toEqual([])
  })
})
