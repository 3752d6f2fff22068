// "refunded N" appears only where the service took credits and gave them back: a job that
// failed or was cancelled. A submission the service refused, or one taken back before it
// was sent, was never charged, and says nothing of a refund, in the queue or on Create.
import { render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { JobRow } from '../../../../src/renderer/features/queue/JobRow'
import { ResultCard } from '../../../../src/renderer/components/results/ResultCard'
import { useJobs } from '../../../../src/renderer/stores/jobs'
import type { JobView } from '../../../../src/shared/app/views'
import { installFakeApi } from '../fake-api'
import { jobView, resetStore } from '../fixtures'

const api = installFakeApi()

beforeEach(() => {
  api.reset()
  resetStore(useJobs)
})

// Priced at 21 credits, so an estimate of a refund would have something to show.
const request = { model: 'i8-1', prompt: 'three lighthouses', i8Params: { number_of_images: 3 } }
const base = { model: 'i8-1', request }

const NEVER_CHARGED: [string, JobView][] = [
  ['refused for want of credits', jobView({ ...base, submission: 'rejected', error: 'Not enough credits: 21 needed, 5 left' })],
  ['taken back before it was sent', jobView({ ...base, submission: 'rejected', error: 'Taken back before it was sent' })],
  ['still waiting to be sent', jobView({ ...base, submission: 'journaled' })]
]

const REFUNDED: [string, JobView, string][] = [
  ['failed', jobView({ ...base, submission: 'accepted', jobId: 'job-1', status: 'FAILED', creditCost: 21, error: 'The model failed' }), 'refunded 21 credits'],
  ['cancelled, its charge priced from the request', jobView({ ...base, submission: 'accepted', jobId: 'job-2', status: 'CANCELLED', creditCost: null }), 'refunded 21 credits']
]

function renderRow(job: JobView) {
  render(<ul><JobRow job={job} selected={false} onSelect={() => undefined} index={0} style={{}} measureRef={null} /></ul>)
}

function renderCard(job: JobView) {
  render(<ul><ResultCard job={job} /></ul>)
}

describe('refund labels', () => {
  it.each(NEVER_CHARGED)('say nothing of a refund for a job %s', (_name, job) => {
    renderRow(job)
    expect(screen.queryByTestId('job-refund')).toBeNull()
    expect(screen.getByTestId('job-row').textContent).not.toMatch(/refunded/)
    renderCard(job)
    expect(screen.queryByTestId('result-refund')).toBeNull()
    expect(screen.getByTestId('result').textContent).not.toMatch(/refunded/)
  })

  it.each(REFUNDED)('say what a job %s gave back', (_name, job, label) => {
    renderRow(job)
    expect(screen.getByTestId('job-refund').textContent).toBe(label)
    renderCard(job)
    expect(screen.getByTestId('result-refund').textContent).toBe(label)
  })

  it('show a completed job\'s charge as it is, without a refund', () => {
    const job = jobView({ ...base, submission: 'accepted', jobId: 'job-3', status: 'COMPLETED', creditCost: 21, saved: 'saving' })
    renderRow(job)
    expect(screen.getByTestId('job-row').textContent).toContain('21 credits')
    expect(screen.queryByTestId('job-refund')).toBeNull()
  })
})

describe('the charge of a running job', () => {
  it('is shown while the job runs, before the service reports creditCost', () => {
    renderRow(jobView({ ...base, submission: 'accepted', jobId: 'job-4', status: 'PROCESSING', progress: 40, creditCost: null }))
    expect(screen.getByTestId('job-charge').textContent).toBe('21 credits')
  })

  it('is not shown for a submission the service has not taken', () => {
    renderRow(jobView({ ...base, submission: 'journaled', creditCost: null }))
    expect(screen.queryByTestId('job-charge')).toBeNull()
  })
})
