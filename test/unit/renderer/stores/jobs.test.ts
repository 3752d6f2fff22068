// The queue's store: events and call results may arrive in any order, and a dismissed job
// must not come back.
import { beforeEach, describe, expect, it } from 'vitest'
import { sortJobs, useJobs } from '../../../../src/renderer/stores/jobs'
import { installFakeApi } from '../fake-api'
import { jobView, resetStore } from '../fixtures'

const api = installFakeApi()

beforeEach(() => {
  api.reset()
  resetStore(useJobs)
})

describe('jobs store', () => {
  it('loads the engine’s jobs by local id', async () => {
    api.answer('jobs.list', [jobView({ localId: 'a' }), jobView({ localId: 'b', status: 'QUEUED', submission: 'accepted' })])
    await useJobs.getState().load()
    const s = useJobs.getState()
    expect(s.loaded).toBe(true)
    expect(s.error).toBeNull()
    expect(Object.keys(s.byId).sort()).toEqual(['a', 'b'])
    expect(s.byId.b?.status).toBe('QUEUED')
  })

  it('says why the list could not be loaded', async () => {
    api.fail('jobs.list', { code: 'internal', message: 'The engine is restarting; try again in a moment' })
    await useJobs.getState().load()
    expect(useJobs.getState()).toMatchObject({ loaded: true, error: 'The engine is restarting; try again in a moment', byId: {} })
  })

  it('takes a newer view of a job and ignores an older one that arrives late', () => {
    const { upsert } = useJobs.getState()
    upsert(jobView({ localId: 'late', progress: 10, updatedAt: '2025-01-01T10:00:01.000Z' }))
    upsert(jobView({ localId: 'late', progress: 60, updatedAt: '2025-01-01T10:00:05.000Z' }))
    upsert(jobView({ localId: 'late', progress: 30, updatedAt: '2025-01-01T10:00:03.000Z' }))
    expect(useJobs.getState().byId.late?.progress).toBe(60)
    // The same moment twice: the later call wins (a call result after its own event).
    upsert(jobView({ localId: 'late', progress: 61, updatedAt: '2025-01-01T10:00:05.000Z' }))
    expect(useJobs.getState().byId.late?.progress).toBe(61)
  })

  it('keeps a removed job gone, whether its update or a reload comes after', async () => {
    const { upsert, remove } = useJobs.getState()
    upsert(jobView({ localId: 'dismissed-1' }))
    remove('dismissed-1')
    expect(useJobs.getState().byId['dismissed-1']).toBeUndefined()
    upsert(jobView({ localId: 'dismissed-1', updatedAt: '2030-01-01T00:00:00.000Z' }))
    expect(useJobs.getState().byId['dismissed-1']).toBeUndefined()
    api.answer('jobs.list', [jobView({ localId: 'dismissed-1' }), jobView({ localId: 'kept-1' })])
    await useJobs.getState().load()
    expect(Object.keys(useJobs.getState().byId)).toEqual(['kept-1'])
  })

  it('leaves the state alone when removing a job it does not have', () => {
    useJobs.getState().upsert(jobView({ localId: 'x-1' }))
    const before = useJobs.getState().byId
    useJobs.getState().remove('never-seen')
    expect(useJobs.getState().byId).toBe(before)
  })

  it('sorts newest first', () => {
    const byId = {
      old: jobView({ localId: 'old', createdAt: '2025-01-01T09:00:00.000Z' }),
      newest: jobView({ localId: 'newest', createdAt: '2025-01-03T09:00:00.000Z' }),
      mid: jobView({ localId: 'mid', createdAt: '2025-01-02T09:00:00.000Z' })
    }
    expect(sortJobs(byId).map((j) => j.localId)).toEqual(['newest', 'mid', 'old'])
  })
})
