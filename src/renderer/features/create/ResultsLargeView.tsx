// Create's results in a large view: every output of the session, or of one send (opened
// from its group), as a grid beside a big preview (image, video or track). Arrow keys, Home
// and End move between results; two to four picked compare side by side; Escape (or the
// back button) returns to the form.
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
import { COMPARE_MAX, CompareDialog } from '../../components/media/CompareDialog'
import { useTranslation } from '../../i18n/page-i18n'
import { largeViewItems, stepIndex, type LargeViewItem } from './large-view-items'
import { useSessionGroups, useSessionResults } from '../../components/results/ResultsArea'

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
  picked: string[]
  onPick(jobId: string): void
}

/** The grid: only the current tile is in the tab order; the arrow keys move between them. */
function LargeViewTiles({ items, index, gridRef, onSelect, picked, onPick }: LargeViewTilesProps) {
  const { t } = useTranslation()
  return (
    <ul className="large-view-grid" ref={gridRef} aria-label={t('create:large.tiles')}>
      {items.map((item, i) => (
        <li key={item.key} className="large-view-cell">
          <button
            type="button"
            className={`large-view-tile${i === index ? ' is-current' : ''}`}
            data-key={item.key}
            data-testid="results-large-tile"
            tabIndex={i === index ? 0 : -1}
            aria-current={i === index || undefined}
            aria-label={t('create:large.tile', { title: entryTitle(item.entry), position: item.file.index + 1 })}
            onClick={() => onSelect(i)}
            draggable={item.file.state === 'saved'}
            onDragStart={(e) => startLibraryDrag(e, item.entry.jobId, item.file, entryTitle(item.entry))}
          >
            <Thumbnail entry={item.entry} file={item.file} alt="" />
          </button>
          <label className="large-view-pick">
            <input
              type="checkbox"
              checked={picked.includes(item.entry.jobId)}
              disabled={!picked.includes(item.entry.jobId) && picked.length >= COMPARE_MAX}
              onChange={() => onPick(item.entry.jobId)}
              aria-label={t('create:large.pick', { position: i + 1 })}
              data-testid="results-large-pick"
            />
          </label>
        </li>
      ))}
    </ul>
  )
}

interface LargeViewHeadProps {
  position: { position: number; count: number } | null
  picked: string[]
  onClose(): void
  onCompare(): void
}

/** Back to the form, where the view is in its results, and Compare for the ones picked. */
function LargeViewHead({ position, picked, onClose, onCompare }: LargeViewHeadProps) {
  const { t } = useTranslation()
  return (
    <div className="large-view-head">
      <Button size="sm" onClick={onClose} aria-keyshortcuts="Escape" data-testid="results-large-close">
        {t('create:large.back')}
      </Button>
      <span className="muted" data-testid="results-large-position">
        {position === null ? t('create:large.none') : t('create:large.position', position)}
      </span>
      <span className="large-view-compare">
        <span className="muted" data-testid="results-large-picked">
          {picked.length > 0 ? t('create:large.picked', { count: picked.length }) : t('create:large.pickHint', { max: COMPARE_MAX })}
        </span>
        <Button size="sm" variant="primary" disabled={picked.length < 2} onClick={onCompare} data-testid="results-large-compare">
          {t('create:large.compare')}
        </Button>
      </span>
    </div>
  )
}

/** The jobs the large view shows: one send's (opened from its group, while it is still there), else every one. */
function useShownJobs(kinds: readonly JobView['kind'][], groupId: string | undefined): JobView[] {
  const all = useSessionResults(kinds)
  const group = useSessionGroups(kinds).find((g) => g.id === groupId)
  return group ? group.jobs : all
}

interface ResultsLargeViewProps {
  kinds: readonly JobView['kind'][]
  /** Opened from a group: that send's results, starting at one of its jobs. */
  at?: { groupId: string; localId: string }
  onClose(): void
}

export function ResultsLargeView({ kinds, at, onClose }: ResultsLargeViewProps) {
  const { t } = useTranslation()
  const jobs = useShownJobs(kinds, at?.groupId)
  useFetchEntries(jobs)
  // The entries themselves are what the library holds, so a shallow look sees real changes.
  const entries = useLibrary(useShallow((s) => jobs.map((j) => (j.jobId ? entryFor(s, j.jobId) : undefined))))
  const items = largeViewItems(jobs, (jobId) => entries.find((e) => e?.jobId === jobId))
  const [selectedKey, setSelectedKey] = useState<string | null>(null)
  const [picked, setPicked] = useState<string[]>([])
  const [comparing, setComparing] = useState<string[] | null>(null)
  const togglePick = (jobId: string) => setPicked((p) => (p.includes(jobId) ? p.filter((id) => id !== jobId) : p.length < COMPARE_MAX ? [...p, jobId] : p))
  // Until a tile is chosen, the job it was opened at (from a group) is the current one.
  const chosen = selectedKey ?? items.find((i) => i.job.localId === at?.localId)?.key ?? null
  const index = Math.max(0, items.findIndex((i) => i.key === chosen))
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
      if (comparing || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || ownsKeys(e.target)) return
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
    <section className="large-view" aria-label={t('create:large.label')} data-testid="results-large">
      <LargeViewHead position={items.length === 0 ? null : { position: index + 1, count: items.length }} picked={picked} onClose={onClose} onCompare={() => setComparing(picked)} />
      <div className="large-view-body">
        <div className="large-view-preview" data-testid="results-large-preview">
          {current ? <MediaViewer key={current.key} entry={current.entry} file={current.file} /> : <div className="media-missing">{t('create:large.empty')}</div>}
        </div>
        <div className="large-view-side">
          <LargeViewTiles items={items} index={index} gridRef={grid} onSelect={select} picked={picked} onPick={togglePick} />
          {/* Below the grid, so a longer prompt never moves the tiles. */}
          {current ? (
            <div className="large-view-facts">
              <p className="large-view-prompt" title={current.entry.prompt ?? undefined}>
                <span className="result-model" translate="no">{current.entry.model}</span> <span translate="no">{current.entry.prompt}</span>
              </p>
              <div className="result-actions" role="group" aria-label={t('create:large.actions')}>
                <ToolActions entry={current.entry} file={current.file} size="sm" testIdPrefix="large-" />
              </div>
            </div>
          ) : null}
        </div>
      </div>
      {comparing ? <CompareDialog jobIds={comparing} onClose={() => setComparing(null)} /> : null}
    </section>
  )
}
