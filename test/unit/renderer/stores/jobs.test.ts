// The one jobs store: events and call results may arrive in any order, a dismissed job
// must not come back, and the views (sent from this window, progress readings, the team's
// jobs) are read through selectors.
import { beforeEach, describe, expect, it } from 'vitest'
import { noteProgress, progressOfJob, sentJobs, sortJobs, teamJobs, withSent, SENT_KEPT } from '../../../../src/renderer/stores/job-views'
import { useJobs } from '../../../../src/renderer/stores/jobs'
import type { TeamJob } from '../../../../src/shared/app/team'
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

describe('jobs sent from this window', () => {
  it('keeps the newest, newest first, without repeats', () => {
    for (const id of ['1', '2', '3', '2', '4', '5']) useJobs.getState().markSent(id)
    expect(useJobs.getState().sent).toEqual(['5', '4', '2', '3', '1'])
    useJobs.getState().forgetSent('4')
    expect(useJobs.getState().sent).toEqual(['5', '2', '3', '1'])
    for (let i = 10; i < SENT_KEPT + 20; i++) useJobs.getState().markSent(String(i))
    expect(useJobs.getState().sent).toHaveLength(SENT_KEPT)
    expect(useJobs.getState().sent[0]).toBe(String(SENT_KEPT + 19))
    expect(withSent(['a', 'b'], 'b')).toEqual(['b', 'a'])
  })

  it('lists the sent jobs of the asked kinds from the one job list, leaving out jobs it no longer has', () => {
    const { upsert, markSent, remove } = useJobs.getState()
    upsert(jobView({ localId: 'img', kind: 'image' }))
    upsert(jobView({ localId: 'vid', kind: 'video' }))
    upsert(jobView({ localId: 'not-sent', kind: 'image' }))
    for (const id of ['img', 'vid', 'gone']) markSent(id)
    expect(sentJobs(useJobs.getState(), ['image']).map((j) => j.localId)).toEqual(['img'])
    expect(sentJobs(useJobs.getState(), ['image', 'video']).map((j) => j.localId)).toEqual(['vid', 'img'])
    // An update of a sent job shows in the same list: there is one copy of each job.
    upsert(jobView({ localId: 'img', kind: 'image', status: 'COMPLETED', updatedAt: '2030-01-01T00:00:00.000Z' }))
    expect(sentJobs(useJobs.getState(), ['image'])[0]?.status).toBe('COMPLETED')
    remove('img')
    expect(sentJobs(useJobs.getState(), ['image'])).toEqual([])
  })
})

describe('progress readings', () => {
  const running = jobView({ submission: 'accepted', jobId: 'j', status: 'PROCESSING', progress: 20 })

  it('keeps the first reading and moves the last one only when progress changes', () => {
    const { upsert } = useJobs.getState()
    upsert(jobView({ status: 'QUEUED' }), 1)
    expect(useJobs.getState().progress).toEqual({})
    upsert({ ...running, updatedAt: '2025-01-01T10:00:01.000Z' }, 100)
    upsert({ ...running, updatedAt: '2025-01-01T10:00:02.000Z' }, 200)
    upsert({ ...running, progress: 40, updatedAt: '2025-01-01T10:00:03.000Z' }, 300)
    expect(progressOfJob(useJobs.getState(), 'local-1')).toEqual({ firstAt: 100, firstProgress: 20, lastAt: 300, lastProgress: 40 })
  })

  it('answers the same readings when nothing moved, so views do not redraw', () => {
    const samples = noteProgress({}, running, 5)
    expect(noteProgress(samples, running, 9)).toBe(samples)
    expect(noteProgress(samples, jobView({ status: 'COMPLETED' }), 9)).toBe(samples)
  })
})

describe("the team's jobs", () => {
  const teamJob = (jobId: string, createdAt: string): TeamJob => ({ jobId, model: 'i1-1', status: 'COMPLETED', progress: 100, creditCost: 3, error: null, createdAt, completedAt: createdAt })

  it('reads them on request, newest first, and says why they could not be read', async () => {
    expect(teamJobs(useJobs.getState())).toBeNull()
    api.answer('jobs.team', [teamJob('old', '2026-03-01T10:00:00Z'), teamJob('new', '2026-03-02T10:00:00Z')])
    await useJobs.getState().loadTeam()
    expect(teamJobs(useJobs.getState())?.map((j) => j.jobId)).toEqual(['new', 'old'])
    api.fail('jobs.team', { code: 'forbidden', message: 'Only admins see the team' })
    await useJobs.getState().loadTeam()
    expect(useJobs.getState()).toMatchObject({ teamLoading: false, teamError: 'Only admins see the team' })
  })
})

describe('switching account', () => {
  it('forgets every job, and a list asked for before the switch does not land after it', async () => {
    const { upsert, markSent, remove } = useJobs.getState()
    upsert(jobView({ localId: 'demo-1' }))
    markSent('demo-1')
    remove('dismissed')
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    api.handle('jobs.list', async () => {
      await gate
      return { ok: true, data: [jobView({ localId: 'demo-2' })] }
    })
    const late = useJobs.getState().load()
    useJobs.getState().clear()
    release()
    await late
    expect(useJobs.getState()).toMatchObject({ byId: {}, sent: [], progress: {}, team: null, loaded: false })
    // What was dismissed under the other account does not stay hidden under this one.
    api.answer('jobs.list', [jobView({ localId: 'dismissed' })])
    await useJobs.getState().load()
    expect(Object.keys(useJobs.getState().byId)).toEqual(['dismissed'])
  })
})
