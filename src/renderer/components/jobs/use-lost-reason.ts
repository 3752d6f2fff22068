// A job view says only that outputs were lost; the reason is on the library entry's
// files. Fetched once per job that needs it.
import { useEffect, useState } from 'react'
import type { JobView } from '../../../shared/app/views'
import { call } from '../../api/client'
import { findEntry, useLibrary } from '../../stores/library'

const cache = new Map<string, string>()

export function useLostReason(job: JobView): string | null {
  const needs = (job.saved === 'partial' || job.saved === 'lost') && job.jobId !== null
  const jobId = job.jobId
  const fromList = useLibrary((s) => (needs ? ((jobId ? findEntry(s, jobId)?.entry : undefined)?.files.find((f) => f.state === 'lost')?.lostReason ?? null) : null))
  const [fetched, setFetched] = useState<string | null>(() => (jobId ? (cache.get(jobId) ?? null) : null))

  useEffect(() => {
    if (!needs || fromList || !jobId || cache.has(jobId)) return
    let cancelled = false
    void call('library.get', { jobId }).then((r) => {
      const reason = r.ok ? (r.data.files.find((f) => f.state === 'lost')?.lostReason ?? null) : null
      if (reason) cache.set(jobId, reason)
      if (!cancelled) setFetched(reason)
    })
    return () => {
      cancelled = true
    }
  }, [needs, fromList, jobId, job.updatedAt])

  return fromList ?? fetched
}
