// What the large view lists: every output of the session's finished jobs, newest job
// first, each file on its own (a grid image, which repeats the others, is left out).
import type { JobView, LibraryEntry, LibraryFile } from '../../../shared/app/views'

export interface LargeViewItem {
  key: string
  job: JobView
  entry: LibraryEntry
  file: LibraryFile
}

const SHOWN: LibraryFile['role'][] = ['image', 'video', 'track']

export function largeViewItems(jobs: readonly JobView[], entryOf: (jobId: string) => LibraryEntry | undefined): LargeViewItem[] {
  return jobs.flatMap((job) => {
    const entry = job.jobId ? entryOf(job.jobId) : undefined
    if (!entry) return []
    return entry.files.filter((f) => SHOWN.includes(f.role)).map((file) => ({ key: `${entry.jobId}:${file.index}`, job, entry, file }))
  })
}

/** The index `step` away from `from`, kept within the list (Home and End jump to its ends). */
export function stepIndex(from: number, key: string, total: number, columns: number): number | null {
  const to: Record<string, number> = { ArrowLeft: from - 1, ArrowRight: from + 1, ArrowUp: from - columns, ArrowDown: from + columns, Home: 0, End: total - 1 }
  const target = to[key]
  if (target === undefined || total === 0) return null
  return Math.min(total - 1, Math.max(0, target))
}
