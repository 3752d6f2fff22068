// The team's jobs come from the service's list, page by page until the window is passed,
// and only for the team's admins and owners.
import { describe, expect, it } from 'vitest'
import { teamJobsSince } from '../../../src/main/core/app/team-jobs'
import type { JobList, JobListQuery, Me } from '../../../src/shared/api'
import type { ServiceClient } from '../../../src/main/core/service/service-client'

const me = (role: string): Me => ({
  user: { id: 'u', email: 'a@example.com', role },
  team: { id: 't', name: 'T', credits: 10, plan: 'pro', customerId: null },
  apiKey: null
})

function job(id: string, createdAt: string) {
  return { id, status: 'COMPLETED' as const, model: 'i1-1', progress: 100, result: null, error: null, creditCost: 3, webhookStatus: null, createdAt, completedAt: createdAt, expired: false }
}

function pagedClient(pages: JobList[]): { client: ServiceClient; asked: JobListQuery[] } {
  const asked: JobListQuery[] = []
  const client = {
    async listJobs(q: JobListQuery) {
      asked.push(q)
      return pages[asked.length - 1]!
    }
  }
  return { client: client as unknown as ServiceClient, asked }
}

describe('teamJobsSince', () => {
  it('walks the pages until it passes the window, and keeps the jobs inside it', async () => {
    const since = Date.parse('2026-03-01T00:00:00Z')
    const { client, asked } = pagedClient([
      { jobs: [job('a', '2026-03-20T00:00:00Z'), job('b', '2026-03-10T00:00:00Z')], nextCursor: 'c1', hasMore: true },
      { jobs: [job('c', '2026-03-02T00:00:00Z'), job('d', '2026-02-20T00:00:00Z')], nextCursor: 'c2', hasMore: true },
      { jobs: [job('e', '2026-02-01T00:00:00Z')], nextCursor: null, hasMore: false }
    ])
    const jobs = await teamJobsSince(client, me('ADMIN'), since)
    expect(jobs.map((j) => j.id)).toEqual(['a', 'b', 'c'])
    expect(asked).toEqual([{ limit: 100 }, { limit: 100, cursor: 'c1' }])
  })

  it("refuses a member: the service would show only the member's own jobs", async () => {
    const { client, asked } = pagedClient([])
    await expect(teamJobsSince(client, me('MEMBER'), 0)).rejects.toMatchObject({ code: 'forbidden' })
    expect(asked).toEqual([])
  })
})
