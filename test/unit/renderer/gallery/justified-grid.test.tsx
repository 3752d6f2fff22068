// The justified grid at scale: a row's height comes from its pictures' ratios before the row
// is drawn, no row is resized after it shows (a resize would make the virtualizer lay out
// every row again while the user scrolls), and a page arriving for rows above the viewport
// leaves what is on screen where it was.
import type * as ReactVirtual from '@tanstack/react-virtual'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { GalleryGrid } from '../../../../src/renderer/features/gallery/GalleryGrid'
import { gridLayout } from '../../../../src/renderer/features/gallery/grid-layout'
import { placeRow, rowHeightOf } from '../../../../src/renderer/features/gallery/justified-rows'
import { useGallerySelection } from '../../../../src/renderer/stores/gallery-selection'
import { LIBRARY_PAGE_SIZE, useLibrary } from '../../../../src/renderer/stores/library'
import type { RouteInput } from '../../../../src/shared/contract'
import { installFakeApi } from '../fake-api'
import { libraryEntry, resetStore } from '../fixtures'
import { useSmallWindowLayout } from '../window-size'

/** Calls to the virtualizer's re-measuring: each lays every row out again. */
const remeasured = vi.hoisted(() => ({ resize: 0, measure: 0 }))
vi.mock('@tanstack/react-virtual', async (original) => {
  const actual = await original<typeof ReactVirtual>()
  const counted = new WeakSet<object>()
  return {
    ...actual,
    useVirtualizer: (...args: Parameters<typeof actual.useVirtualizer>) => {
      const v = actual.useVirtualizer(...args)
      if (!counted.has(v)) {
        counted.add(v)
        const { resizeItem, measure } = v
        v.resizeItem = (...a) => (remeasured.resize++, resizeItem(...a))
        v.measure = () => (remeasured.measure++, measure())
      }
      return v
    }
  }
})

const api = installFakeApi()
let total = 20_000
const TILE = 200
/** The first page is panoramas (short rows), every other page portraits (tall rows). */
const sizeOf = (index: number) => (index < LIBRARY_PAGE_SIZE ? { width: 3000, height: 1000 } : { width: 800, height: 1200 })
const picture = (i: number) => {
  const { width, height } = sizeOf(i)
  return libraryEntry({ jobId: `e${i}`, id: `e${i}`, prompt: `prompt ${i}`, files: [{ index: 0, role: 'image', url: null, path: `files/e${i}/0.png`, thumbnail: null, state: 'saved', lostReason: null, bytes: 1, sha256: null, mime: 'image/png', width, height, durationSeconds: null }] })
}

useSmallWindowLayout()

beforeEach(async () => {
  total = 20_000
  api.reset()
  resetStore(useLibrary)
  resetStore(useGallerySelection)
  api.handle('library.list', (input: RouteInput<'library.list'>) => {
    const offset = input.offset ?? 0
    const count = Math.max(0, Math.min(input.limit ?? LIBRARY_PAGE_SIZE, total - offset))
    return { ok: true, data: { entries: Array.from({ length: count }, (_, i) => picture(offset + i)), total } }
  })
  await useLibrary.getState().reload()
})

afterEach(() => vi.restoreAllMocks())

const scroller = () => screen.getByTestId('gallery-grid')
/** Each drawn tile's top on the canvas, by its position in the list. */
function tileTops(): Map<number, number> {
  const tops = new Map<number, number>()
  for (const tile of screen.queryAllByTestId('gallery-item')) {
    const y = /translate\([^,]+,\s*(-?[\d.]+)px\)/.exec(tile.style.transform)
    if (y) tops.set(Number(tile.dataset.index), Number(y[1]))
  }
  return tops
}
/** The height the row starting at `first` takes from its pictures' ratios. */
function heightOfRow(first: number, columns: number, tileWidth: number): number {
  const ratios = Array.from({ length: columns }, (_, c) => sizeOf(first + c).width / sizeOf(first + c).height)
  return rowHeightOf(placeRow(ratios, 1000, tileWidth).pictureHeight)
}
/** Waits for the pages asked for; the test DOM sends no scroll event when the grid moves its own scroll position, so this does. */
async function settled(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    fireEvent.scroll(scroller())
    await waitFor(() => expect(useLibrary.getState().loading).toBe(false))
  }
}

describe('justified grid', () => {
  it('lays a row out from its pictures before it shows and never resizes a row while scrolling', async () => {
    remeasured.resize = 0
    remeasured.measure = 0
    render(<GalleryGrid tileSize={TILE} layout="justified" onOpen={vi.fn()} />)
    await screen.findAllByTestId('gallery-item')
    await settled()
    const { columns, tileWidth } = gridLayout(1000, TILE)
    expect(tileTops().get(columns)).toBe(heightOfRow(0, columns, tileWidth))
    // Down through thirty screens: every tile stays where it was first drawn.
    const firstSeen = new Map<number, number>()
    for (let step = 1; step <= 30; step++) {
      scroller().scrollTop = step * 600
      fireEvent.scroll(scroller())
      await settled()
      const tops = tileTops()
      for (const [index, top] of tops) {
        if (!firstSeen.has(index)) firstSeen.set(index, top)
        expect(top, `tile ${index}`).toBe(firstSeen.get(index))
        // Each row is as tall as its own pictures make it.
        const below = tops.get(index + columns)
        if (index % columns === 0 && below !== undefined) expect(below - top, `row of tile ${index}`).toBe(heightOfRow(index, columns, tileWidth))
      }
    }
    expect(Math.max(...firstSeen.keys())).toBeGreaterThan(3 * LIBRARY_PAGE_SIZE)
    expect(remeasured).toEqual({ resize: 0, measure: 0 })
  })

  // A million entries are taller than a browser lays out: a new total changes the scale too.
  it.each([20_000, 1_000_000])('keeps the rows on screen in place when a page above them arrives (%i entries)', async (entries) => {
    total = entries
    await useLibrary.getState().reload()
    render(<GalleryGrid tileSize={TILE} layout="justified" onOpen={vi.fn()} />)
    await screen.findAllByTestId('gallery-item')
    await settled()
    // A jump down the scrollbar: the rows passed over are taken at the first page's average.
    scroller().scrollTop = 30_000
    fireEvent.scroll(scroller())
    await settled()
    const before = tileTops()
    const anchor = Math.min(...[...before].filter(([, top]) => top >= scroller().scrollTop).map(([index]) => index))
    const onScreen = before.get(anchor)! - scroller().scrollTop
    // A page of portraits far above arrives (and with it a new average for the rows passed over).
    const above = Array.from({ length: Math.floor(anchor / LIBRARY_PAGE_SIZE) }, (_, p) => p).find((p) => !useLibrary.getState().pages[p])!
    expect(above).toBeGreaterThan(0)
    await useLibrary.getState().ensureRange(above * LIBRARY_PAGE_SIZE, (above + 1) * LIBRARY_PAGE_SIZE)
    await waitFor(() => expect(tileTops().get(anchor)).not.toBe(before.get(anchor)))
    fireEvent.scroll(scroller())
    expect(tileTops().get(anchor)! - scroller().scrollTop).toBe(onScreen)
  })

  it('moves the focus with the arrow keys and selects with shift-click, as the square grid does', async () => {
    render(<GalleryGrid tileSize={TILE} layout="justified" onOpen={vi.fn()} />)
    const tiles = await screen.findAllByTestId('gallery-item')
    const open = (i: number) => within(tiles[i]!).getByRole('button', { name: /^Open/ })
    open(0).focus()
    fireEvent.keyDown(open(0), { key: 'ArrowRight' })
    expect(document.activeElement).toBe(open(1))
    fireEvent.keyDown(open(1), { key: 'ArrowDown' })
    expect(document.activeElement).toBe(open(5))
    fireEvent.click(open(1), { ctrlKey: true })
    fireEvent.click(open(3), { shiftKey: true })
    expect([...useGallerySelection.getState().ids].sort()).toEqual(['e1', 'e2', 'e3'])
  })
})
