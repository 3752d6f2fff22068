// Exporting library files: a copy saved where the user chooses, through the browser's own
// download (in Electron, its save dialog), named after the entry rather than the index path.
import type { LibraryEntry, LibraryFile } from '../../../shared/app/views'
import { fileUrl } from '../../components/entries/entry-media'

/** "a-lighthouse-at-dusk-job123-0.png": readable, unique per file, safe on every OS. */
export function downloadName(entry: LibraryEntry, file: LibraryFile): string {
  const ext = /\.[a-z0-9]{1,5}$/i.exec(file.path ?? '')?.[0] ?? ''
  const slug = (entry.prompt ?? entry.model)
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
  return `${slug || 'output'}-${entry.jobId.slice(0, 12)}-${file.index}${ext}`
}

/** Saves a copy of each entry's saved outputs, one download each. */
export function exportEntries(entries: LibraryEntry[]): number {
  let count = 0
  for (const entry of entries) {
    for (const file of entry.files) {
      const src = file.role === 'other' ? null : fileUrl(file)
      if (!src) continue
      const link = document.createElement('a')
      link.href = src
      link.download = downloadName(entry, file)
      link.click()
      count++
    }
  }
  return count
}
