// Side by side: the selected outputs (up to four) with their prompt, model and cost, to
// choose between takes of the same idea.
import { useEffect, useState } from 'react'
import type { LibraryEntry } from '../../../shared/app/views'
import { call } from '../../api/client'
import { formatCredits } from '../../format/numbers'
import { findEntry, useLibrary } from '../../stores/library'
import { Dialog } from '../../ui/Dialog'
import { entryTitle, primaryFile } from './entry-media'
import { MediaViewer } from './MediaViewer'

export const COMPARE_MAX = 4

export function CompareDialog({ jobIds, onClose }: { jobIds: string[]; onClose(): void }) {
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

  return (
    <Dialog open title={`Compare ${jobIds.length} outputs`} onClose={onClose} size="xl" testId="compare-dialog">
      <ul className="compare" style={{ gridTemplateColumns: `repeat(${Math.max(1, entries.length)}, minmax(0, 1fr))` }}>
        {entries.map((e) => (
          <li key={e.jobId} className="compare-item" data-testid="compare-item">
            <div className="compare-media">
              <MediaViewer entry={e} file={primaryFile(e)} />
            </div>
            <p className="compare-prompt" title={e.prompt ?? undefined}>
              {entryTitle(e)}
            </p>
            <p className="compare-facts">
              {e.model} · {e.creditCost !== null ? formatCredits(e.creditCost) : 'cost unknown'}
            </p>
          </li>
        ))}
      </ul>
    </Dialog>
  )
}
