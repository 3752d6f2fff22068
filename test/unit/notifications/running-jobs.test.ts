// The taskbar's or dock's progress: how many jobs run and their mean progress, said when
// it changes, cleared (a count of 0) when the last one ends.
import { describe, expect, it } from 'vitest'
import { toJobView } from '../../../src/main/core/jobs/job-record'
import { RunningJobs, type RunningProgress } from '../../../src/main/core/app/notifications/running-jobs'
import { jobRecord } from '../support/job-record'
import type { JobView } from '../../../src/shared/app/views'

const view = (id: string, over: Partial<JobView>): JobView => ({ ...toJobView(jobRecord({ id })), ...over })

describe('running jobs on the taskbar', () => {
  it('shows the count and the mean progress, and clears both when nothing runs', () => {
    const shown: RunningProgress[] = []
    const running = new RunningJobs((p) => shown.push(p))
    running.jobChanged(view('a', { status: 'PROCESSING', progress: 20 }))
    running.jobChanged(view('b', { submission: 'journaled', jobId: null, status: null, progress: null }))
    running.jobChanged(view('b', { status: 'QUEUED', progress: null }))
    running.jobChanged(view('b', { status: 'PROCESSING', progress: 60 }))
    running.jobChanged(view('a', { status: 'COMPLETED', progress: 100, saved: 'saving' }))
    running.jobChanged(view('b', { status: 'FAILED', progress: 60 }))
    expect(shown).toEqual([
      { running: 1, progress: 0.2 },
      { running: 2, progress: 0.1 },
      { running: 2, progress: 0.4 },
      { running: 1, progress: 0.6 },
      { running: 0, progress: 0 }
    ])
  })

  it('drops a dismissed job, and forgets every job when another engine takes over', () => {
    const shown: RunningProgress[] = []
    const running = new RunningJobs((p) => shown.push(p))
    running.jobChanged(view('a', { status: 'PROCESSING', progress: 50 }))
    running.jobChanged(view('b', { status: 'PROCESSING', progress: 50 }))
    running.jobRemoved('a')
    running.reset()
    expect(shown.map((p) => p.running)).toEqual([1, 2, 1, 0])
  })
})
