// Side by side: the selected outputs (up to four) with their prompt, model and cost, to
// choose between takes of the same idea. Zooming or panning one picture moves them all
// the same way (unless sync is turned off), so the same detail is in view in each.
import { useEffect, useId, useState } from 'react'
import type { LibraryEntry } from '../../../shared/app/views'
import { call } from '../../api/client'
import { formatCredits } from '../../format/numbers'
import { useTranslation } from '../../i18n/page-i18n'
import { findEntry, useLibrary } from '../../stores/library'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { Toggle } from '../../ui/Toggle'
import { entryTitle, primaryFile } from '../entries/entry-media'
import { MediaViewer } from './MediaViewer'
import { FIT, type ZoomView } from './zoom-view'

export const COMPARE_MAX = 4

export function CompareDialog({ jobIds, onClose }: { jobIds: string[]; onClose(): void }) {
  const { t } = useTranslation()
  const [entries, setEntries] = useState<LibraryEntry[]>(() => jobIds.flatMap((id) => findEntry(useLibrary.getState(), id)?.entry ?? []))

  // Selected entries whose page has been let go are fetched from the library.
  useEffect(() => {
    if (jobIds.every((id) => findEntry(useLibrary.getState(), id))) return
    let cancelled = false
    void Promise.all(
      jobIds.map(async (jobId) => {
        const cached = findEntry(useLibrary.getState(), jobId)?.entry
        if (cached) return cached
        const r = await call('library.get', { jobId })
        return r.ok ? r.data : null
      })
    ).then((all) => {
      if (!cancelled) setEntries(all.filter((e): e is LibraryEntry => e !== null))
    })
    return () => {
      cancelled = true
    }
  }, [jobIds])

  const syncId = useId()
  const [sync, setSync] = useState(true)
  // One view per pane; with sync on, a change to any pane is given to every pane.
  const [views, setViews] = useState<Record<string, ZoomView>>({})
  const viewOf = (jobId: string) => views[jobId] ?? FIT
  const changeView = (jobId: string, view: ZoomView) =>
    setViews((all) => (sync ? Object.fromEntries(jobIds.map((id) => [id, view])) : { ...all, [jobId]: view }))
  const turnSync = (on: boolean) => {
    setSync(on)
    // Turned back on, every pane takes the view of the first so they move together again.
    if (on) setViews((all) => Object.fromEntries(jobIds.map((id) => [id, all[jobIds[0] ?? ''] ?? FIT])))
  }

  return (
    <Dialog open title={t('results:compare.title', { count: jobIds.length })} onClose={onClose} size="xl" testId="compare-dialog" closeLabel={t('results:compare.close')}>
      <div className="compare-bar">
        <Toggle id={syncId} checked={sync} onChange={turnSync} label={t('results:compare.sync')} />
        <Button size="sm" variant="ghost" onClick={() => setViews({})} disabled={Object.values(views).every((v) => v.scale === 1)} data-testid="compare-reset">
          {t('results:compare.reset')}
        </Button>
      </div>
      <ul className="compare" style={{ gridTemplateColumns: `repeat(${Math.max(1, entries.length)}, minmax(0, 1fr))` }}>
        {entries.map((e) => (
          <li key={e.jobId} className="compare-item" data-testid="compare-item">
            <div className="compare-media">
              <MediaViewer entry={e} file={primaryFile(e)} view={viewOf(e.jobId)} onViewChange={(v) => changeView(e.jobId, v)} />
            </div>
            <p className="compare-prompt" title={e.prompt ?? undefined} translate="no">
              {entryTitle(e)}
            </p>
            <p className="compare-facts">
              <span translate="no">{e.model}</span> · {e.creditCost !== null ? formatCredits(e.creditCost) : t('results:compare.costUnknown')}
            </p>
          </li>
        ))}
      </ul>
    </Dialog>
  )
}
