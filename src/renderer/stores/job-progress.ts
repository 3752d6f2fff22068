// When each job's progress was first and last seen moving, so the page can estimate how
// long it has left from its own observed rate (the service gives percentages, not times).
import { create } from 'zustand'
import type { JobView } from '../../shared/app/views'

export interface ProgressSample {
  /** The first moment the job was seen PROCESSING, and the progress it had then. */
  firstAt: number
  firstProgress: number
  /** The last time the progress changed, and its value. */
  lastAt: number
  lastProgress: number
}

interface JobProgressState {
  samples: Record<string, ProgressSample>
  note(job: JobView, now: number): void
}

export const useJobProgress = create<JobProgressState>((set) => ({
  samples: {},
  note(job, now) {
    if (job.status !== 'PROCESSING' || job.progress === null) return
    const progress = job.progress
    set((s) => {
      const prev = s.samples[job.localId]
      if (prev && prev.lastProgress === progress) return s
      const next: ProgressSample = prev
        ? { ...prev, lastAt: now, lastProgress: progress }
        : { firstAt: now, firstProgress: progress, lastAt: now, lastProgress: progress }
      return { samples: { ...s.samples, [job.localId]: next } }
    })
  }
}))
