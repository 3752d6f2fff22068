// An output dragged from Create's results or the gallery onto the LoRA form's training
// images: it joins as a library pick (main reads the library's copy when training starts),
// or the user is told why it cannot train.
import { call } from '../../api/client'
import type { LibraryDragItem } from '../../components/entries/drag-payload'
import { datasetFromEntries, type GalleryDataset } from '../../components/entries/gallery-dataset'

export async function datasetFromDrag(item: LibraryDragItem): Promise<GalleryDataset> {
  const r = await call('library.get', { jobId: item.jobId })
  if (!r.ok) return { picks: [], leftOut: null, refusal: r.error.message }
  // Only the dragged file of the entry, not all its outputs.
  const entry = { ...r.data, files: r.data.files.filter((f) => f.index === item.index) }
  return datasetFromEntries([entry])
}
