// The Queue's list, virtualized: only the rows near the viewport are in the DOM, so a
// queue of thousands of jobs costs what a screenful does. Rows differ in height (an error,
// a progress bar, a saving note), so each is measured once drawn.
import { useVirtualizer } from '@tanstack/react-virtual'
import { useRef } from 'react'
import type { JobView } from '../../../shared/app/views'
import { JobRow } from './JobRow'
import type { QueueSelection } from './use-queue-selection'
import { useTranslation } from '../../i18n/page-i18n'

/** A typical row's height, until the row is measured (and in a test DOM, which lays nothing out). */
const ROW_ESTIMATE = 96
const ROW_GAP = 8
/** Rows drawn beyond each edge of the viewport, so a fast wheel does not show blanks. */
const OVERSCAN = 4
const FALLBACK_RECT = { width: 1000, height: 800 }

export function QueueList({ jobs, selection }: { jobs: readonly JobView[]; selection: QueueSelection }) {
  const { t } = useTranslation()
  const scroller = useRef<HTMLDivElement>(null)
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual's getters are read fresh each render
  const virtualizer = useVirtualizer({
    count: jobs.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_ESTIMATE,
    getItemKey: (i) => jobs[i]?.localId ?? i,
    gap: ROW_GAP,
    overscan: OVERSCAN,
    initialRect: FALLBACK_RECT,
    // A row not laid out (yet) keeps its estimate instead of collapsing to nothing.
    measureElement: (el) => el.getBoundingClientRect().height || ROW_ESTIMATE
  })

  return (
    // The scrolling region takes focus so the keyboard can scroll it (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
    <div ref={scroller} className="queue-scroll" tabIndex={0} role="region" aria-label={t('queue:list')} data-testid="queue-scroll">
      <ul className="job-list" data-testid="job-list" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const job = jobs[item.index]
          if (!job) return null
          return (
            <JobRow
              key={job.localId}
              job={job}
              selected={selection.isSelected(job.localId)}
              onSelect={(shift) => selection.click(item.index, shift)}
              index={item.index}
              style={{ transform: `translateY(${item.start}px)` }}
              measureRef={virtualizer.measureElement}
            />
          )
        })}
      </ul>
    </div>
  )
}
