import { describe, expect, it } from 'vitest'
import { jobListSchema, type JobList } from '../../../src/shared/api'
import { call, route, startTestSim, submit } from './helpers'

describe('demo service: GET /v2/jobs', () => {
  it('pages newest first with an opaque cursor and filters by status, model and modality', async () => {
    const sim = await startTestSim({ holdJobs: true })
    const ids: string[] = []
    for (let i = 0; i < 5; i++) ids.push(await submit(sim, 'generateImage', { model: i % 2 ? 'i1-1' : 'i6-1', prompt: `p${i}` }))
    ids.push(await submit(sim, 'generateMusic', { model: 'm1-1', prompt: 'tune' }))
    await call(sim, 'POST', route('cancelJob', ids[0] ?? ''))
    const newestFirst = [...ids].reverse()

    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const query: string = `?limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`
      const res = await call<JobList>(sim, 'GET', route('listJobs') + query)
      expect(res.status).toBe(200)
      const page = jobListSchema.parse(res.body)
      expect(page.jobs.every((j) => !('input' in j))).toBe(true)
      seen.push(...page.jobs.map((j) => j.id))
      expect(page.hasMore).toBe(page.nextCursor !== null)
      expect(page.models).toEqual(['i1-1', 'i6-1', 'm1-1'])
      cursor = page.nextCursor
      pages++
    } while (cursor)
    expect(pages).toBe(2)
    expect(seen).toEqual(newestFirst)

    const byDefault = jobListSchema.parse((await call(sim, 'GET', route('listJobs'))).body)
    expect(byDefault.jobs).toHaveLength(6)
    expect(byDefault.hasMore).toBe(false)

    const cancelled = jobListSchema.parse((await call(sim, 'GET', `${route('listJobs')}?status=CANCELLED`)).body)
    expect(cancelled.jobs.map((j) => j.id)).toEqual([ids[0]])
    const both = jobListSchema.parse((await call(sim, 'GET', `${route('listJobs')}?status=QUEUED,CANCELLED`)).body)
    expect(both.jobs).toHaveLength(6)
    const model = jobListSchema.parse((await call(sim, 'GET', `${route('listJobs')}?model=i1-1`)).body)
    expect(model.jobs.map((j) => j.id)).toEqual([ids[3], ids[1]])
    const music = jobListSchema.parse((await call(sim, 'GET', `${route('listJobs')}?modality=music`)).body)
    expect(music.jobs.map((j) => j.id)).toEqual([ids[5]])
    expect(music.jobs[0]).toMatchObject({ expired: false, webhookStatus: null, result: null })
  })

  it('answers 400 with details for a bad query', async () => {
    const sim = await startTestSim()
    const cases: Array<[string, string]> = [
      ['limit=0', 'limit'], ['limit=101', 'limit'], ['limit=abc', 'limit'], ['limit=2.5', 'limit'],
      ['status=DONE', 'status.0'], ['modality=text', 'modality'], ['cursor=zzz', 'cursor'], ['sort=asc', '$']
    ]
    for (const [query, key] of cases) {
      const res = await call<{ details: Record<string, string[]> }>(sim, 'GET', `${route('listJobs')}?${query}`)
      expect(res.status, query).toBe(400)
      expect(Object.keys(res.body.details), query).toContain(key)
    }
  })
})
