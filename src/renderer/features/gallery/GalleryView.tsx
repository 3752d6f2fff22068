// Gallery: the offline library at any size. A virtualized grid asks the library index for
// the pages it shows; the filter bar, the search and the sort go to the index too, so the
// page never holds more than a few hundred entries.
import { useEffect, useRef, useState } from 'react'
import type { LibraryEntry } from '../../../shared/app/views'
import { useBoards } from '../../stores/boards'
import { useGallerySelection } from '../../stores/gallery-selection'
import { entryAt, findEntry, isFiltered, useLibrary } from '../../stores/library'
import { useNavigation } from '../../stores/navigation'
import { toast } from '../../stores/toasts'
import { Button } from '../../ui/Button'
import { EmptyState } from '../../ui/EmptyState'
import { icons } from '../../ui/icons'
import { BoardControls } from './BoardControls'
import { CollectionsTransfer } from './CollectionsTransfer'
import { GalleryDetail } from './GalleryDetail'
import { GalleryFilters, GallerySort } from './GalleryFilters'
import { GalleryGrid, type GalleryGridHandle } from './GalleryGrid'
import { GallerySearch } from './GallerySearch'
import { locateEntry } from './locate-entry'
import { TILE_SIZES } from './grid-layout'
import { SelectionBar } from './SelectionBar'

export function GalleryView() {
  // Picked one by one: a page arriving while scrolling re-renders the grid, not the whole view.
  const total = useLibrary((s) => s.total)
  const filters = useLibrary((s) => s.filters)
  const loaded = useLibrary((s) => s.loaded)
  const error = useLibrary((s) => s.error)
  const go = useNavigation((s) => s.go)
  const wanted = useNavigation((s) => s.galleryItem)
  const [openIndex, setOpenIndex] = useState<number | null>(null)
  // The item the viewer shows, by job: when an output arrives or leaves while it is open, the
  // list shifts under it, and the viewer follows the item rather than the position.
  const [openJobId, setOpenJobId] = useState<string | null>(null)
  const atIndex = useLibrary((s) => (openIndex === null ? undefined : entryAt(s, openIndex)))
  const movedTo = useLibrary((s) => (openJobId === null ? undefined : findEntry(s, openJobId)?.index))
  if (openIndex !== null && movedTo !== undefined && movedTo !== openIndex) setOpenIndex(movedTo)
  // Stepped onto a page still on its way: the item is known once it arrives.
  if (openIndex !== null && openJobId === null && atIndex) setOpenJobId(atIndex.jobId)
  // While the page of the next item is on its way, the viewer keeps showing the last one.
  const [lastOpen, setLastOpen] = useState<LibraryEntry | undefined>(undefined)
  if (atIndex && atIndex !== lastOpen) setLastOpen(atIndex)
  const open = openIndex === null ? undefined : (atIndex ?? lastOpen)
  const [tileSize, setTileSize] = useState(TILE_SIZES.initial)
  const [searchReset, setSearchReset] = useState(0)
  const grid = useRef<GalleryGridHandle>(null)
  const filtered = isFiltered(filters)

  useEffect(() => {
    void useBoards.getState().load()
  }, [])
  // A selection made under other filters may include what is no longer shown.
  useEffect(() => useGallerySelection.getState().clear(), [filters])
  // Asked from elsewhere (Create's "Open in gallery") to open one item in the viewer.
  useEffect(() => {
    if (!wanted) return
    let current = true
    void locateEntry(wanted).then(({ index, clearedFilters }) => {
      if (!current) return
      useNavigation.getState().galleryItemHandled()
      if (clearedFilters) setSearchReset((n) => n + 1)
      if (index === null) return toast.warning('That item is no longer in the library')
      grid.current?.reveal(index)
      setOpenIndex(index)
      setOpenJobId(wanted)
    })
    return () => {
      current = false
    }
  }, [wanted])

  const showEverything = () => {
    // The search box keeps its own text; a new key starts it empty.
    setSearchReset((n) => n + 1)
    useLibrary.setState({ filters: {} })
    void useLibrary.getState().reload()
  }

  const step = (delta: number) => {
    if (openIndex === null) return
    const next = openIndex + delta
    if (next < 0 || next >= total) return
    void useLibrary.getState().ensureRange(next - 1, next + 2)
    grid.current?.reveal(next)
    setOpenIndex(next)
    setOpenJobId(entryAt(useLibrary.getState(), next)?.jobId ?? null)
  }

  const openAt = (index: number | null) => {
    setOpenIndex(index)
    setOpenJobId(index === null ? null : (entryAt(useLibrary.getState(), index)?.jobId ?? null))
  }

  return (
    <div className="view-inner gallery-view">
      <header className="view-head">
        <div>
          <h1 className="view-title">Gallery</h1>
          <p className="view-sub" data-testid="gallery-count">
            {loaded ? `${total.toLocaleString()} item${total === 1 ? '' : 's'}${filters.query?.trim() ? ` matching “${filters.query.trim()}”` : ''}` : 'Loading…'}
          </p>
        </div>
        <div className="toolbar">
          <GallerySearch key={searchReset} />
          <GallerySort />
          <label className="tile-size">
            <span className="visually-hidden">Tile size</span>
            {icons.gallery}
            <input
              type="range"
              min={TILE_SIZES.min}
              max={TILE_SIZES.max}
              step={10}
              value={tileSize}
              data-testid="tile-size"
              onChange={(e) => setTileSize(Number(e.target.value))}
            />
          </label>
        </div>
      </header>
      <GalleryFilters />
      <div className="gallery-subbar">
        <BoardControls />
        <CollectionsTransfer />
      </div>
      <SelectionBar />
      {error ? <p className="notice notice-danger">Could not load the library: {error}</p> : null}
      {loaded && total === 0 ? (
        <EmptyState
          icon={icons.gallery}
          title={filtered ? 'Nothing found' : 'Your library is empty'}
          action={
            filtered ? (
              <Button onClick={showEverything} data-testid="gallery-show-all">
                Show everything
              </Button>
            ) : (
              <Button variant="primary" onClick={() => go('create')}>
                Create something
              </Button>
            )
          }
        >
          {filtered ? 'Try other words or another filter.' : 'Every output you generate is saved here, even when offline.'}
        </EmptyState>
      ) : (
        <GalleryGrid ref={grid} tileSize={tileSize} onOpen={openAt} />
      )}
      {open && openIndex !== null ? (
        <GalleryDetail
          key={open.jobId}
          entry={open}
          position={{ index: openIndex, total }}
          onStep={step}
          onClose={() => {
            // Back to the tile of the item last shown, which may not be the one that opened the viewer.
            grid.current?.focusItem(openIndex)
            openAt(null)
          }}
        />
      ) : null}
    </div>
  )
}
