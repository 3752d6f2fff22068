// The library entry a result was made from, fetched once per source; null while loading
// or when it left the library (the kept input copy still shows what it looked like).
import { useEffect, useState } from 'react'
import type { LibraryEntry } from '../../../shared/app/views'
import { call } from '../../api/client'

export type SourceLookup = { state: 'none' } | { state: 'loading' } | { state: 'found'; entry: LibraryEntry } | { state: 'gone' }

export function useSourceEntry(jobId: string | undefined): SourceLookup {
  const [found, setFound] = useState<{ jobId: string; entry: LibraryEntry | null } | null>(null)
  useEffect(() => {
    if (!jobId) return
    let live = true
    void call('library.get', { jobId }).then((r) => {
      if (live) setFound({ jobId, entry: r.ok ? r.data : null })
    })
    return () => {
      live = false
    }
  }, [jobId])
  if (!jobId) return { state: 'none' }
  if (found?.jobId !== jobId) return { state: 'loading' }
  return found.entry ? { state: 'found', entry: found.entry } : { state: 'gone' }
}
