// The sends of the session, one group each, newest first, in a scroller of their own that
// reaches the window's bottom: virtualized, so a hundred groups of images cost what a
// screenful does. Groups differ in height (a send of one, a batch of 16, a matrix), so each
// is measured once drawn; a group's tiles are sized so the whole group fits the scroller.
import { useVirtualizer } from '@tanstack/react-virtual'
import { useRef } from 'react'
import { useTranslation } from '../../i18n/page-i18n'
import { ResultGroup, type GroupContext } from './ResultGroup'
import { groupRows, type SendGroup } from './send-groups'
import { useFillHeight } from './use-fill-height'
import { useActionRowExtra } from './use-action-row-extra'

/** A typical group's height, until it is measured (and in a test DOM, which lays nothing out). */
const GROUP_ESTIMATE = 420
const GROUP_GAP = 14
const OVERSCAN = 2
const FALLBACK_RECT = { width: 560, height: 800 }
/**
 * What a group shows besides its images: its head and actions (with its frame and gaps),
 * and each row's tile head (number, seed) and frame; as laid out in result-groups.css.
 */
const GROUP_CHROME = 118
const ROW_CHROME = 42
const TILE_MIN = 80
const TILE_MAX = 640

/** How tall a tile's picture may be so a group of `count` fits a scroller `height` high. */
export function tileHeight(height: number, count: number): number {
  const rows = groupRows(count)
  return Math.max(TILE_MIN, Math.min(TILE_MAX, Math.floor((height - GROUP_CHROME - rows * ROW_CHROME) / rows)))
}

export function GroupList({ groups, onLargeView }: { groups: readonly SendGroup[]; onLargeView?: GroupContext['onLargeView'] }) {
  const { t, i18n } = useTranslation()
  const scroller = useRef<HTMLDivElement>(null)
  const height = useFillHeight(scroller)
  const extra = useActionRowExtra(scroller, [height, groups.length, i18n.language])
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual's getters are read fresh each render
  const virtualizer = useVirtualizer({
    count: groups.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => GROUP_ESTIMATE,
    getItemKey: (i) => groups[i]?.id ?? i,
    gap: GROUP_GAP,
    overscan: OVERSCAN,
    initialRect: FALLBACK_RECT,
    measureElement: (el) => el.getBoundingClientRect().height || GROUP_ESTIMATE
  })

  return (
    // The scrolling region takes focus so the keyboard can scroll it (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
    <div ref={scroller} className="results-scroll" style={{ maxHeight: height }} tabIndex={0} role="region" aria-label={t('results:list.label')} data-testid="results-scroll">
      <div className="result-groups" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const group = groups[item.index]
          if (!group) return null
          return (
            <div key={group.id} ref={virtualizer.measureElement} data-index={item.index} className="result-group-slot" style={{ transform: `translateY(${item.start}px)` }}>
              <ResultGroup group={group} context={{ tileHeight: tileHeight(height - extra, group.jobs.length), onLargeView }} />
            </div>
          )
        })}
      </div>
    </div>
  )
}
