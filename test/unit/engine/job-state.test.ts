// Whether a job is still going, the one rule the engine (what to track, what is left to do)
// and the window (the active count, what may be dismissed) both follow.
import { describe, expect, it } from 'vitest'
import { JOB_STATUSES } from '../../../src/shared/api'
import { isActive, isRunning, type JobState } from '../../../src/shared/app/job-state'

const job = (submission: JobState['submission'], status: JobState['status']): JobState => ({ submission, status })

describe('job state', () => {
  it('is running while the service has accepted it and not finished it, its status unknown included', () => {
    expect(JOB_STATUSES.filter((s) => isRunning(job('accepted', s)))).toEqual(['QUEUED', 'PROCESSING'])
    expect(isRunning(job('accepted', null))).toBe(true)
  })

  it('is not running before the service has accepted it, nor once it refused it', () => {
    expect(isRunning(job('journaled', null))).toBe(false)
    expect(isRunning(job('rejected', null))).toBe(false)
  })

  it('is active while it is being sent or is running', () => {
    expect(isActive(job('journaled', null))).toBe(true)
    expect(JOB_STATUSES.filter((s) => isActive(job('accepted', s)))).toEqual(['QUEUED', 'PROCESSING'])
    expect(isActive(job('accepted', null))).toBe(true)
    expect(isActive(job('rejected', null))).toBe(false)
  })
})
