// Above the Queue's list: the search box, a check box for every job shown, and the bulk
// actions for the jobs selected. It keeps its height whether or not anything is selected,
// so the list never moves under the pointer.
import { useEffect, useRef, useState } from 'react'
import { toast } from '../../stores/toasts'
import { Button } from '../../ui/Button'
import { icons } from '../../ui/icons'
import { appliesTo, describeOutcome, runBulk, type BulkAction } from './bulk-jobs'
import type { QueueSelection } from './use-queue-selection'
import { useTranslation } from '../../i18n/page-i18n'

interface QueueToolbarProps {
  query: string
  onQuery(query: string): void
  shownCount: number
  selection: QueueSelection
}

const BULK = [
  { action: 'cancel', label: 'queue:bulk.cancel', variant: 'danger' },
  { action: 'retry', label: 'queue:bulk.retry', variant: 'secondary' },
  { action: 'dismiss', label: 'queue:bulk.dismiss', variant: 'ghost' }
] as const satisfies readonly { action: BulkAction; label: string; variant: 'danger' | 'secondary' | 'ghost' }[]

export function QueueToolbar({ query, onQuery, shownCount, selection }: QueueToolbarProps) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState<BulkAction | null>(null)
  const all = useRef<HTMLInputElement>(null)
  const { chosen } = selection
  const some = chosen.length > 0 && chosen.length < shownCount
  useEffect(() => {
    if (all.current) all.current.indeterminate = some
  }, [some])

  const run = async (action: BulkAction) => {
    setBusy(action)
    const outcome = await runBulk(action, chosen)
    setBusy(null)
    if (outcome.failures.length > 0) toast.error(describeOutcome(action, outcome))
    else toast.success(describeOutcome(action, outcome))
    if (action === 'dismiss') selection.clear()
  }

  return (
    <div className="queue-toolbar">
      <div className="search queue-search">
        <span className="search-icon">{icons.search}</span>
        <input
          type="search"
          className="input search-input"
          aria-label={t('queue:search.label')}
          placeholder={t('queue:search.placeholder')}
          data-testid="queue-search"
          value={query}
          onChange={(e) => onQuery(e.target.value)}
        />
      </div>
      <label className="queue-select-all">
        <input ref={all} type="checkbox" checked={shownCount > 0 && chosen.length === shownCount} disabled={shownCount === 0} onChange={selection.toggleAll} data-testid="queue-select-all" />
        <span>{chosen.length > 0 ? t('queue:selected', { count: chosen.length }) : t('queue:selectAll')}</span>
      </label>
      <div className="queue-bulk" role="group" aria-label={t('queue:bulk.label')}>
        {BULK.map(({ action, label, variant }) => {
          const count = chosen.filter((j) => appliesTo(action, j)).length
          return (
            <Button key={action} size="sm" variant={variant} disabled={count === 0 || busy !== null} busy={busy === action} onClick={() => void run(action)} data-testid={`queue-bulk-${action}`}>
              {count > 0 ? t('queue:bulk.count', { label: t(label), count }) : t(label)}
            </Button>
          )
        })}
      </div>
    </div>
  )
}
