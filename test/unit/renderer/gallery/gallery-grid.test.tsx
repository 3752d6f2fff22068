// The virtualized grid: with 10,000 entries only the tiles near the viewport are in the DOM
// and only their pages are asked for; a click opens, ctrl-click and shift-click select.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { GalleryGrid } from '../../../../src/renderer/features/gallery/GalleryGrid'
import { MAX_CANVAS_PX } from '../../../../src/renderer/features/gallery/tall-scroll'
import { useGallerySelection } from '../../../../src/renderer/stores/gallery-selection'
import { LIBRARY_PAGE_SIZE, useLibrary } from '../../../../src/renderer/stores/library'
import type { RouteInput } from '../../../../src/shared/contract'
import { installFakeApi } from '../fake-api'
import { libraryEntry, resetStore } from '../fixtures'
import { useSmallWindowLayout } from '../window-size'

const api = installFakeApi()
let total = 10_000

useSmallWindowLayout()

beforeEach(async () => {
  total = 10_000
  api.reset()
  resetStore(useLibrary)
  resetStore(useGallerySelection)
  api.handle('library.list', (input: RouteInput<'library.list'>) => {
    const offset = input.offset ?? 0
    const entries = Array.from({ length: input.limit ?? LIBRARY_PAGE_SIZE }, (_, i) => libraryEntry({ jobId: `e${offset + i}`, id: `e${offset + i}`, prompt: `prompt ${offset + i}` }))
    return { ok: true, data: { entries: entries.filter((_, i) => offset + i < total), total } }
  })
  await useLibrary.getState().reload()
})

describe('gallery grid', () => {
  it('puts only the tiles near the viewport in the DOM and asks only for their pages', async () => {
    render(<GalleryGrid tileSize={200} onOpen={vi.fn()} />)
    const tiles = await screen.findAllByTestId('gallery-item')
    expect(tiles.length).toBeGreaterThan(4)
    expect(tiles.length).toBeLessThan(100)
    expect(tiles[0]!.dataset.jobId).toBe('e0')
    expect(api.callsTo('library.list').length).toBeLessThanOrEqual(2)
  })

  it('opens on a click, selects on ctrl-click and extends with shift-click', async () => {
    const onOpen = vi.fn()
    render(<GalleryGrid tileSize={200} onOpen={onOpen} />)
    const tiles = await screen.findAllByTestId('gallery-item')
    const open = (i: number) => within(tiles[i]!).getByRole('button', { name: /^Open/ })
    fireEvent.click(open(1))
    expect(onOpen).toHaveBeenCalledWith(1)
    fireEvent.click(open(2), { ctrlKey: true })
    fireEvent.click(open(5), { shiftKey: true })
    expect([...useGallerySelection.getState().ids].sort()).toEqual(['e2', 'e3', 'e4', 'e5'])
    expect(onOpen).toHaveBeenCalledTimes(1)
    expect(screen.getAllByTestId('gallery-item').filter((t) => t.dataset.selected)).toHaveLength(4)
  })
})

describe('a library taller than a browser lays out', () => {
  it('keeps the canvas under the limit, and its last scroll position shows the oldest entries', async () => {
    total = 1_000_000
    await useLibrary.getState().reload()
    render(<GalleryGrid tileSize={200} onOpen={vi.fn()} />)
    await screen.findAllByTestId('gallery-item')
    const scroller = screen.getByTestId('gallery-grid')
    const canvas = scroller.querySelector<HTMLElement>('.gallery-canvas')!
    const height = parseFloat(canvas.style.height)
    // A million entries in rows of four would be 63 million pixels: no browser draws that.
    expect(height).toBeLessThanOrEqual(MAX_CANVAS_PX)
    scroller.scrollTop = height - scroller.clientHeight
    fireEvent.scroll(scroller)
    await waitFor(() => expect(screen.getAllByTestId('gallery-item').map((t) => t.dataset.jobId)).toContain(`e${total - 1}`), { timeout: 10_000 })
    // Halfway down the scrollbar is halfway through the library.
    scroller.scrollTop = (height - scroller.clientHeight) / 2
    fireEvent.scroll(scroller)
    await waitFor(() => {
      const shown = screen.getAllByTestId('gallery-item').map((t) => Number(t.dataset.jobId!.slice(1)))
      expect(Math.abs(Math.min(...shown) - total / 2)).toBeLessThan(100)
    }, { timeout: 10_000 })
  })
})

describe('the wheel over a library taller than a browser lays out', () => {
  const firstShown = () => Math.min(...screen.getAllByTestId('gallery-item').map((t) => Number(t.dataset.jobId!.slice(1))))

  it('moves the rows as far as the wheel turned, not that many canvas pixels', async () => {
    total = 1_000_000
    await useLibrary.getState().reload()
    render(<GalleryGrid tileSize={200} onOpen={vi.fn()} />)
    await screen.findAllByTestId('gallery-item')
    const scroller = screen.getByTestId('gallery-grid')
    // Two notches of a mouse, then the small steps of a trackpad, 1 px each.
    expect(fireEvent.wheel(scroller, { deltaY: 500 })).toBe(false)
    fireEvent.wheel(scroller, { deltaY: 500 })
    for (let i = 0; i < 30; i++) fireEvent.wheel(scroller, { deltaY: 1 })
    fireEvent.scroll(scroller)
    // 1,030 px of rows of four tiles 200 px tall is four rows: the first shown (two rows of
    // overscan above the viewport) is in the second or third row. Canvas pixels would be
    // nearly four times as far: the fifteenth row.
    await waitFor(() => expect(firstShown()).toBeGreaterThanOrEqual(4))
    expect(firstShown()).toBeLessThan(16)
    // The trackpad's steps, each under a canvas pixel, added up rather than lost.
    const afterMouse = scroller.scrollTop
    for (let i = 0; i < 30; i++) fireEvent.wheel(scroller, { deltaY: 1 })
    expect(scroller.scrollTop).toBeGreaterThan(afterMouse)
  })

  it('leaves the wheel to the browser when the rows fit, and Ctrl with the wheel to zoom', async () => {
    render(<GalleryGrid tileSize={200} onOpen={vi.fn()} />)
    await screen.findAllByTestId('gallery-item')
    expect(fireEvent.wheel(screen.getByTestId('gallery-grid'), { deltaY: 100 })).toBe(true)
    total = 1_000_000
    await useLibrary.getState().reload()
    await waitFor(() => expect(fireEvent.wheel(screen.getByTestId('gallery-grid'), { deltaY: 100 })).toBe(false))
    // The test DOM's wheel events carry no modifier keys of their own.
    const zoom = new WheelEvent('wheel', { deltaY: 100, bubbles: true, cancelable: true })
    Object.defineProperty(zoom, 'ctrlKey', { value: true })
    expect(screen.getByTestId('gallery-grid').dispatchEvent(zoom)).toBe(true)
  })
})

describe('sweep selection', () => {
  it('selects every tile the pointer passes after pressing on a check box, until release', async () => {
    render(<GalleryGrid tileSize={200} onOpen={vi.fn()} />)
    const tiles = await screen.findAllByTestId('gallery-item')
    fireEvent.pointerDown(within(tiles[0]!).getByTestId('tile-select'), { button: 0 })
    fireEvent.pointerOver(tiles[1]!)
    fireEvent.pointerOver(within(tiles[2]!).getByRole('button', { name: /^Open/ }))
    fireEvent.pointerUp(window)
    fireEvent.pointerOver(tiles[3]!)
    expect([...useGallerySelection.getState().ids].sort()).toEqual(['e0', 'e1', 'e2'])
  })
})

describe('keyboard', () => {
  it('moves the focus between tiles with the arrow keys, a row at a time up and down', async () => {
    render(<GalleryGrid tileSize={200} onOpen={vi.fn()} />)
    const tiles = await screen.findAllByTestId('gallery-item')
    const open = (i: number) => within(tiles[i]!).getByRole('button', { name: /^Open/ })
    // 1,000 px fit four 200 px columns with their gaps.
    open(0).focus()
    fireEvent.keyDown(open(0), { key: 'ArrowRight' })
    expect(document.activeElement).toBe(open(1))
    fireEvent.keyDown(open(1), { key: 'ArrowDown' })
    expect(document.activeElement).toBe(open(5))
    fireEvent.keyDown(open(5), { key: 'ArrowLeft' })
    expect(document.activeElement).toBe(open(4))
  })
})
