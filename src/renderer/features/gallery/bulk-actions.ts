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
import { formatNumber } from '../../format/numbers'

const plural = (n: number, one: string) => `${formatNumber(n)} ${one}${n === 1 ? '' : 's'}`

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
    `Removed ${plural(removed.length, 'item')} from the library`,
    { label: 'Undo', run: () => void restoreEntries(removed) },
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
  if (count === 0) toast.warning('None of the selected items has a saved file to export')
  else toast.success(`Exporting ${plural(count, 'file')}`)
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
  if (dataset.leftOut) toast.warning(`Added ${plural(dataset.picks.length, 'image')} to the training images. ${dataset.leftOut}`)
  else toast.info(`Added ${plural(dataset.picks.length, 'image')} to the training images`)
}
