// The team's jobs for the Queue's team view, read from the service on request: they are
// other people's, so the app tracks none of them, it only shows where they stand.
import { create } from 'zustand'
import type { TeamJob } from '../../shared/app/team'
import { call } from '../api/client'

interface TeamJobsState {
  jobs: TeamJob[] | null
  loading: boolean
  error: string | null
  load(): Promise<void>
}

export const useTeamJobs = create<TeamJobsState>((set) => ({
  jobs: null,
  loading: false,
  error: null,
  async load() {
    set({ loading: true, error: null })
    const r = await call('jobs.team', {})
    if (r.ok) set({ jobs: r.data, loading: false })
    else set({ loading: false, error: r.error.message })
  }
}))
