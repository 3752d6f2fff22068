// The library entry of one result's job. The outputs join the library as they are saved;
// each change of saving state fetches the entry again (library events keep it current in
// between).
import { useEffect } from 'react'
import type { JobView, LibraryEntry } from '../../../shared/app/views'
import { entryFor, useLibrary } from '../../stores/library'

export function useResultEntry(job: JobView): LibraryEntry | null {
  const { jobId, saved, status } = job
  const entry = useLibrary((s) => (jobId ? entryFor(s, jobId) : undefined))
  useEffect(() => {
    if (jobId && status === 'COMPLETED' && saved !== 'none') void useLibrary.getState().fetchEntry(jobId)
  }, [jobId, status, saved])
  return entry ?? null
}
