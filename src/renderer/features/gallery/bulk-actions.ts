// What the selection bar does to many entries at once (including training a LoRA on them). Removal goes one entry at a time
// through `library.remove`, so each lands in the trash and one Undo can bring them all back.
import { LIBRARY_UNDO_WINDOW_MS } from '../../../shared/app/undo'
import type { LibraryEntry } from '../../../shared/app/views'
import { call } from '../../api/client'
import { useGallerySelection } from '../../stores/gallery-selection'
import { findEntry, useLibrary } from '../../stores/library'
import { useLoras } from '../../stores/loras'
import { useNavigation } from '../../stores/navigation'
import { toast } from '../../stores/toasts'
import { datasetFromEntries } from '../../components/entries/gallery-dataset'
import { exportEntries } from './export-files'
import { t } from '../../i18n/page-i18n'

export async function removeEntries(jobIds: string[]): Promise<void> {
  const removed: string[] = []
  for (const jobId of jobIds) {
    const r = await call('library.remove', { jobId })
    if (r.ok) removed.push(jobId)
    else toast.error(r.error.message)
  }
  if (removed.length === 0) return
  useGallerySelection.getState().drop(removed)
  for (const jobId of removed) useLibrary.getState().remove(jobId)
  toast.withAction(
    t('gallery:selection.removed', { count: removed.length }),
    { label: t('gallery:look.undo'), run: () => void restoreEntries(removed) },
    LIBRARY_UNDO_WINDOW_MS
  )
}

async function restoreEntries(jobIds: string[]): Promise<void> {
  for (const jobId of jobIds) {
    const back = await call('library.restore', { jobId })
    if (back.ok) useLibrary.getState().upsert(back.data)
    else toast.error(back.error.message)
  }
}

/** Saves a copy of every saved output of the selected entries (fetching those not cached). */
export async function exportSelected(jobIds: string[]): Promise<void> {
  const entries = await entriesOf(jobIds)
  const count = exportEntries(entries)
  if (count === 0) toast.warning(t('gallery:selection.nothingToExport'))
  else toast.success(t('gallery:selection.exporting', { count }))
}

async function entriesOf(jobIds: string[]): Promise<LibraryEntry[]> {
  const entries: LibraryEntry[] = []
  for (const jobId of jobIds) {
    const cached = findEntry(useLibrary.getState(), jobId)?.entry
    if (cached) entries.push(cached)
    else {
      const r = await call('library.get', { jobId })
      if (r.ok) entries.push(r.data)
    }
  }
  return entries
}

/** Opens the LoRA form with the selected images as its training images (main reads the files). */
export async function trainLoraFrom(jobIds: string[]): Promise<void> {
  const dataset = datasetFromEntries(await entriesOf(jobIds))
  if (dataset.refusal) {
    toast.error(dataset.refusal)
    return
  }
  useLoras.getState().addPicks(dataset.picks)
  useNavigation.getState().go('loras')
  if (dataset.leftOut) toast.warning(t('gallery:selection.trainingAddedSome', { count: dataset.picks.length, leftOut: dataset.leftOut }))
  else toast.info(t('gallery:selection.trainingAdded', { count: dataset.picks.length }))
}
