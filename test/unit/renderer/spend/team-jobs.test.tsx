// The Queue offers the team's jobs to admins and owners only, and lists them read-only.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { QueueView } from '../../../../src/renderer/features/queue/QueueView'
import { useApp } from '../../../../src/renderer/stores/app'
import { useJobs } from '../../../../src/renderer/stores/jobs'
import { installFakeApi } from '../fake-api'
import { account, resetStore } from '../fixtures'

const api = installFakeApi()

beforeEach(() => {
  api.reset()
  resetStore(useApp)
  resetStore(useJobs)
  api.answer('jobs.team', [
    { jobId: 'j1', model: 'v2-1', status: 'PROCESSING', progress: 40, creditCost: 50, error: null, createdAt: '2026-03-31T10:00:00Z', completedAt: null },
    { jobId: 'j2', model: 'i1-1', status: 'COMPLETED', progress: 100, creditCost: 3, error: null, createdAt: '2026-03-30T10:00:00Z', completedAt: '2026-03-30T10:01:00Z' }
  ])
})

describe("Queue's team view", () => {
  it("lists the team's jobs for an owner, without actions", async () => {
    useApp.setState({ me: account(10) })
    render(<QueueView />)
    fireEvent.click(screen.getByRole('tab', { name: "Team’s jobs" }))
    await waitFor(() => expect(screen.getAllByTestId('team-job')).toHaveLength(2))
    expect(screen.getByTestId('team-jobs').textContent).toContain('Processing 40%')
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull()
    fireEvent.click(screen.getByRole('tab', { name: 'My jobs' }))
    expect(screen.queryByTestId('team-jobs')).toBeNull()
  })

  it('offers no switch to a member', () => {
    const me = account(10)
    useApp.setState({ me: { ...me, user: { ...me.user, role: 'MEMBER' } } })
    render(<QueueView />)
    expect(screen.queryByRole('tab', { name: "Team’s jobs" })).toBeNull()
    expect(api.callsTo('jobs.team')).toEqual([])
  })
})
