// A small picture of a job's first output, from the library (over the restricted library
// protocol, as the gallery's tiles). The entry is fetched into the one library cache when
// the row comes on screen; a job with nothing saved yet shows an empty frame of the same
// size, so rows do not change height when the picture arrives.
import { useEffect } from 'react'
import type { JobView } from '../../../shared/app/views'
import { entryFor, useLibrary } from '../../stores/library'
import { primaryFile, thumbnailUrl } from '../../components/entries/entry-media'

export function JobThumb({ job }: { job: JobView }) {
  const { jobId, saved } = job
  const hasOutputs = saved === 'saved' || saved === 'partial'
  const entry = useLibrary((s) => (jobId && hasOutputs ? entryFor(s, jobId) : undefined))
  useEffect(() => {
    if (jobId && hasOutputs && !entryFor(useLibrary.getState(), jobId)) void useLibrary.getState().fetchEntry(jobId)
  }, [jobId, hasOutputs, saved])
  const file = entry ? primaryFile(entry) : undefined
  const src = file ? thumbnailUrl(file) : null
  return (
    <div className={`job-thumb job-thumb-${job.kind}`} aria-hidden="true">
      {src ? <img src={src} alt="" loading="lazy" decoding="async" data-testid="job-thumb" /> : null}
    </div>
  )
}
