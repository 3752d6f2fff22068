// Create's results in a large view: every output of the session as a grid beside a big
// preview (image, video or track). Arrow keys, Home and End move between results; Escape
// (or the back button) returns to the form.
import { useEffect, useRef, useState, type RefObject } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { JobView } from '../../../shared/app/views'
import { entryFor, useLibrary } from '../../stores/library'
import { Button } from '../../ui/Button'
import { startLibraryDrag } from '../../components/entries/drag-out'
import { entryTitle } from '../../components/entries/entry-media'
import { MediaViewer } from '../../components/media/MediaViewer'
import { Thumbnail } from '../../components/media/Thumbnail'
import { ToolActions } from '../../components/actions/ToolActions'
import { largeViewItems, stepIndex, type LargeViewItem } from './large-view-items'
import { useSessionResults } from '../../components/results/ResultsArea'

/** Columns of the thumbnail grid (its CSS sets the same), for Up and Down. */
const COLUMNS = 3

/** Keys typed into a field or a player's controls stay theirs. */
const ownsKeys = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT', 'VIDEO', 'AUDIO'].includes(target.tagName))

/** Entries of finished jobs the results have not fetched yet (the cards fetch their own). */
function useFetchEntries(jobs: readonly JobView[]): void {
  useEffect(() => {
    const library = useLibrary.getState()
    for (const j of jobs) if (j.jobId && j.status === 'COMPLETED' && j.saved !== 'none' && !entryFor(library, j.jobId)) void library.fetchEntry(j.jobId)
    // Fetch once per job shown; an entry that keeps failing is not asked for in a loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jobs.map((j) => `${j.jobId}:${j.saved}`).join()])
}

interface LargeViewTilesProps {
  items: LargeViewItem[]
  index: number
  gridRef: RefObject<HTMLUListElement | null>
  onSelect(index: number): void
}

/** The grid: only the current tile is in the tab order; the arrow keys move between them. */
function LargeViewTiles({ items, index, gridRef, onSelect }: LargeViewTilesProps) {
  return (
    <ul className="large-view-grid" ref={gridRef} aria-label="Results">
      {items.map((item, i) => (
        <li key={item.key}>
          <button
            type="button"
            className={`large-view-tile${i === index ? ' is-current' : ''}`}
            data-key={item.key}
            data-testid="results-large-tile"
            tabIndex={i === index ? 0 : -1}
            aria-current={i === index || undefined}
            aria-label={`${entryTitle(item.entry)} (${item.file.role} ${item.file.index + 1})`}
            onClick={() => onSelect(i)}
            draggable={item.file.state === 'saved'}
            onDragStart={(e) => startLibraryDrag(e, item.entry.jobId, item.file, entryTitle(item.entry))}
          >
            <Thumbnail entry={item.entry} file={item.file} alt="" />
          </button>
        </li>
      ))}
    </ul>
  )
}

export function ResultsLargeView({ kinds, onClose }: { kinds: readonly JobView['kind'][]; onClose(): void }) {
  const jobs = useSessionResults(kinds)
  useFetchEntries(jobs)
  // The entries themselves are what the library holds, so a shallow look sees real changes.
  const entries = useLibrary(useShallow((s) => jobs.map((j) => (j.jobId ? entryFor(s, j.jobId) : undefined))))
  const items = largeViewItems(jobs, (jobId) => entries.find((e) => e?.jobId === jobId))
  const [selectedKey, setSelectedKey] = useState<string | null>(null)
  const index = Math.max(0, items.findIndex((i) => i.key === selectedKey))
  const current = items[index]
  const grid = useRef<HTMLUListElement>(null)

  const select = (to: number) => {
    const item = items[to]
    if (!item) return
    setSelectedKey(item.key)
    grid.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(item.key)}"]`)?.focus()
  }

  // The focus starts on the current tile, once the outputs are there to show.
  const focused = useRef(false)
  useEffect(() => {
    if (focused.current || items.length === 0) return
    focused.current = true
    grid.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus()
  }, [items.length])

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || ownsKeys(e.target)) return
      if (e.key === 'Escape') {
        e.preventDefault()
        onClose()
        return
      }
      const to = stepIndex(index, e.key, items.length, COLUMNS)
      if (to === null) return
      e.preventDefault()
      select(to)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  })

  return (
    <section className="large-view" aria-label="Results, large view" data-testid="results-large">
      <div className="large-view-head">
        <Button size="sm" onClick={onClose} aria-keyshortcuts="Escape" data-testid="results-large-close">
          ← Back to the form
        </Button>
        <span className="muted" data-testid="results-large-position">
          {items.length === 0 ? 'No finished results yet' : `${index + 1} of ${items.length}`}
        </span>
      </div>
      <div className="large-view-body">
        <div className="large-view-preview" data-testid="results-large-preview">
          {current ? <MediaViewer key={current.key} entry={current.entry} file={current.file} /> : <div className="media-missing">Results appear here as they finish.</div>}
        </div>
        <div className="large-view-side">
          <LargeViewTiles items={items} index={index} gridRef={grid} onSelect={select} />
          {/* Below the grid, so a longer prompt never moves the tiles. */}
          {current ? (
            <div className="large-view-facts">
              <p className="large-view-prompt" title={current.entry.prompt ?? undefined}>
                <span className="result-model">{current.entry.model}</span> {current.entry.prompt}
              </p>
              <div className="result-actions" role="group" aria-label="Actions on this result">
                <ToolActions entry={current.entry} file={current.file} size="sm" testIdPrefix="large-" />
              </div>
            </div>
          ) : null}
        </div>
      </div>
    </section>
  )
}
