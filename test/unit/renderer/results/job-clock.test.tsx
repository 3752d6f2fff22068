// The clock of a running job says "finishing" only near the end: a job whose projected
// time ran out at 11% has slowed down, and the label says that instead.
import { render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { JobClock } from '../../../../src/renderer/components/jobs/JobClock'
import { useJobs } from '../../../../src/renderer/stores/jobs'
import { jobView, resetStore } from '../fixtures'

beforeEach(() => resetStore(useJobs))

/** A job seen at `progress` a minute ago, one second after it started: its projected time is long gone. */
function staleJob(progress: number) {
  const now = Date.now()
  const job = jobView({ localId: `l-${progress}`, submission: 'accepted', jobId: 'j', status: 'PROCESSING', progress, createdAt: new Date(now - 61_000).toISOString() })
  useJobs.setState({ progress: { [job.localId]: { firstAt: now - 60_000, firstProgress: progress, lastAt: now - 60_000, lastProgress: progress } } })
  return job
}

describe('time left on a running job', () => {
  it('does not say "finishing" at 11%', () => {
    render(<JobClock job={staleJob(11)} />)
    expect(screen.getByTestId('result-eta').textContent).toBe('taking longer than expected…')
  })

  it('says "finishing" at 95%', () => {
    render(<JobClock job={staleJob(95)} />)
    expect(screen.getByTestId('result-eta').textContent).toBe('finishing…')
  })
})
