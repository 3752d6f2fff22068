// "Keep the best, remove the rest": the entries the engine suggests removing go to the
// trash as one action, and one Undo (for the undo window) brings them all back.
import { LIBRARY_UNDO_WINDOW_MS } from '../../../shared/app/undo'
import { call } from '../../api/client'
import { t } from '../../i18n/page-i18n'
import { useGallerySelection } from '../../stores/gallery-selection'
import { useLibrary } from '../../stores/library'
import { toast } from '../../stores/toasts'

/** Moves `jobIds` to the trash; resolves with those removed, after offering Undo. `onUndone` runs once they are back. */
export async function removeDuplicates(jobIds: string[], onUndone: () => void): Promise<string[]> {
  const r = await call('library.removeMany', { jobIds })
  if (!r.ok) {
    toast.error(r.error.message)
    return []
  }
  const { removed, notRemoved } = r.data
  for (const failed of notRemoved) toast.error(failed.reason)
  if (removed.length === 0) return []
  useGallerySelection.getState().drop(removed)
  for (const jobId of removed) useLibrary.getState().remove(jobId)
  toast.withAction(t('gallery:look.removed', { count: removed.length }), { label: t('gallery:look.undo'), run: () => void restore(removed, onUndone) }, LIBRARY_UNDO_WINDOW_MS)
  return removed
}

async function restore(jobIds: string[], onUndone: () => void): Promise<void> {
  const back = await call('library.restoreMany', { jobIds })
  if (!back.ok) return toast.error(back.error.message)
  for (const entry of back.data.restored) useLibrary.getState().upsert(entry)
  await useLibrary.getState().refresh()
  onUndone()
}
