// Gallery: the offline library at any size. A virtualized grid asks the library index for
// the pages it shows; the filter bar, the search and the sort go to the index too, so the
// page never holds more than a few hundred entries.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { useBoards } from '../../stores/boards'
import { useGallerySelection } from '../../stores/gallery-selection'
import { isFiltered, useLibrary } from '../../stores/library'
import { useNavigation } from '../../stores/navigation'
import { Button } from '../../ui/Button'
import { EmptyState } from '../../ui/EmptyState'
import { icons } from '../../ui/icons'
import { CollectionsTransfer } from './CollectionsTransfer'
import { GalleryDetail } from './GalleryDetail'
import { GalleryFilters, GallerySort } from './GalleryFilters'
import { GalleryGrid, type GalleryGridHandle } from './GalleryGrid'
import { GallerySearch } from './GallerySearch'
import { ImportFolderButton } from './ImportFolderDialog'
import { ToolbarPopover } from './ToolbarPopover'
import { TILE_SIZES } from './grid-layout'
import { SelectionBar } from './SelectionBar'
import { useGalleryViewer } from './use-gallery-viewer'
import { DuplicatesButton } from './DuplicatesButton'
import type { GalleryLayout } from './justified-rows'
import { LayoutToggle } from './LayoutToggle'
import { useTranslation } from '../../i18n/page-i18n'

/** "12 items", "10,000+ items", "3 items matching “sea”", or Loading… before the first answer. */
function GalleryCount() {
  const { t } = useTranslation()
  const total = useLibrary((s) => s.total)
  const atLeast = useLibrary((s) => s.totalIsLowerBound)
  const query = useLibrary((s) => s.filters.query?.trim() ?? '')
  const loaded = useLibrary((s) => s.loaded)
  if (!loaded) return <>{t('gallery:view.loading')}</>
  if (query) return <>{t(atLeast ? 'gallery:view.countMatchingAtLeast' : 'gallery:view.countMatching', { count: total, query })}</>
  return <>{t(atLeast ? 'gallery:view.countAtLeast' : 'gallery:view.count', { count: total })}</>
}

/** The title, the count and the tools that change what the grid shows. */
function GalleryHead({ searchReset, tileSize, onTileSize, layout }: { searchReset: number; tileSize: number; onTileSize(size: number): void; layout: ReactNode }) {
  const { t } = useTranslation()
  return (
    <header className="view-head">
      <div>
        <h1 className="view-title">{t('gallery:view.title')}</h1>
        <p className="view-sub" data-testid="gallery-count">
          <GalleryCount />
        </p>
      </div>
      <div className="toolbar">
        <GallerySearch key={searchReset} />
        <GallerySort />
        {layout}
        <ImportFolderButton />
        <label className="tile-size">
          <span className="visually-hidden">{t('gallery:view.tileSize')}</span>
          {icons.gallery}
          <input type="range" min={TILE_SIZES.min} max={TILE_SIZES.max} step={10} value={tileSize} data-testid="tile-size" onChange={(e) => onTileSize(Number(e.target.value))} />
        </label>
      </div>
    </header>
  )
}

/** At the end of the filter row, behind ⋯: Duplicates and the boards' file. */
function GalleryMore() {
  const { t } = useTranslation()
  return (
    <>
      <ToolbarPopover label="⋯" buttonLabel={t('gallery:filters.moreActions')} panelLabel={t('gallery:filters.moreActions')} testId="gallery-more" align="end">
        <DuplicatesButton />
        <CollectionsTransfer />
      </ToolbarPopover>
    </>
  )
}

export function GalleryView() {
  const { t } = useTranslation()
  // Picked one by one: a page arriving while scrolling re-renders the grid, not the whole view.
  const total = useLibrary((s) => s.total)
  const atLeast = useLibrary((s) => s.totalIsLowerBound)
  const filtered = useLibrary((s) => isFiltered(s.filters))
  const shownFilters = useLibrary((s) => s.shownFilters)
  const loaded = useLibrary((s) => s.loaded)
  const error = useLibrary((s) => s.error)
  const go = useNavigation((s) => s.go)
  const [tileSize, setTileSize] = useState(TILE_SIZES.initial)
  const [layout, setLayout] = useState<GalleryLayout>('grid')
  const [searchReset, setSearchReset] = useState(0)
  const grid = useRef<GalleryGridHandle>(null)
  const { open, openIndex, openAt, step } = useGalleryViewer(grid, () => setSearchReset((n) => n + 1))
  // One function for the grid's whole life, so the memoised grid is not drawn again with the view.
  const opener = useRef(openAt)
  useLayoutEffect(() => {
    opener.current = openAt
  })
  const onOpen = useCallback((index: number | null) => opener.current(index), [])

  useEffect(() => {
    void useBoards.getState().load()
  }, [])
  // A selection made under other filters may include what is no longer shown.
  useEffect(() => useGallerySelection.getState().clear(), [shownFilters])

  const showEverything = () => {
    // The search box keeps its own text; a new key starts it empty.
    setSearchReset((n) => n + 1)
    useLibrary.setState({ filters: {} })
    void useLibrary.getState().reload()
  }

  return (
    <div className="view-inner gallery-view">
      <GalleryHead searchReset={searchReset} tileSize={tileSize} onTileSize={setTileSize} layout={<LayoutToggle value={layout} onChange={setLayout} />} />
      <GalleryFilters end={<GalleryMore />} />
      <SelectionBar />
      {error ? <p className="notice notice-danger">{t('gallery:view.loadFailed', { reason: error })}</p> : null}
      {loaded && total === 0 ? (
        <EmptyState
          icon={icons.gallery}
          title={t(filtered ? 'gallery:view.nothingTitle' : 'gallery:view.emptyTitle')}
          action={
            filtered ? (
              <Button onClick={showEverything} data-testid="gallery-show-all">
                {t('gallery:view.showAll')}
              </Button>
            ) : (
              <Button variant="primary" onClick={() => go('create')}>
                {t('gallery:view.create')}
              </Button>
            )
          }
        >
          {t(filtered ? 'gallery:view.nothingBody' : 'gallery:view.emptyBody')}
        </EmptyState>
      ) : (
        <GalleryGrid ref={grid} tileSize={tileSize} layout={layout} onOpen={onOpen} />
      )}
      {open && openIndex !== null ? (
        <GalleryDetail
          key={open.jobId}
          entry={open}
          position={{ index: openIndex, total, atLeast }}
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
