// What needs the user while they are away, each said once per occurrence: outputs still
// unsaved an hour before the service purges them, a full disk, the key refused. On a fake clock.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PURGE_SOON_MS } from '../../../src/main/core/app/notifications/attention'
import { COALESCE_MS } from '../../../src/main/core/app/notifications/notifier'
import { notifierHarness, T0 } from './notifier-harness'

afterEach(() => {
  vi.useRealTimers()
})

const HOUR = 3600_000
const waiting = (purgeAt: number, diskFull = false) => ({
  status: 'COMPLETED' as const,
  saved: 'saving' as const,
  saveWaiting: { reason: 'network trouble', purgeAt: new Date(purgeAt).toISOString(), diskFull }
})

describe('an output not saved as its purge nears', () => {
  it('is told an hour before the purge, once, and a click opens the queue', () => {
    const { notifier, job, delivered, after } = notifierHarness()
    notifier.jobChanged(job.view('a', waiting(T0 + 3 * HOUR)))
    after(2 * HOUR - 1)
    expect(delivered).toEqual([])
    after(1 + COALESCE_MS)
    expect(delivered).toEqual([expect.objectContaining({ kind: 'attention', title: 'Outputs about to be purged', open: { view: 'queue', jobId: null } })])
    expect(delivered[0]!.body).toContain('A job’s outputs are not saved yet; the first is purged in 59 min')
    // Still waiting, reported again and again: not told again.
    notifier.jobChanged(job.view('a', waiting(T0 + 3 * HOUR)))
    after(2 * HOUR)
    expect(delivered).toHaveLength(1)
  })

  it('is told at once when the purge is already near, several jobs in one notification', () => {
    const { notifier, job, delivered, after } = notifierHarness()
    notifier.jobChanged(job.view('a', waiting(T0 + PURGE_SOON_MS / 2)))
    notifier.jobChanged(job.view('b', waiting(T0 + PURGE_SOON_MS / 4)))
    after(COALESCE_MS)
    expect(delivered.map((n) => n.body)).toEqual(['2 jobs’ outputs are not saved yet; the first is purged in 14 min. Keep the app open and connected.'])
  })

  it('is not told when the outputs were saved before the hour came', () => {
    const { notifier, job, delivered, after } = notifierHarness()
    notifier.jobChanged(job.view('a', waiting(T0 + 3 * HOUR)))
    after(HOUR)
    notifier.jobChanged(job.view('a', { status: 'COMPLETED', saved: 'saved', saveWaiting: null }))
    after(3 * HOUR)
    expect(delivered.filter((n) => n.kind === 'attention')).toEqual([])
  })

  it('waits out a purge weeks away, quietly and without firing early (a timer’s longest delay is shorter)', () => {
    const { notifier, job, delivered, after } = notifierHarness()
    const timers = vi.spyOn(globalThis, 'setTimeout')
    notifier.jobChanged(job.view('a', waiting(T0 + 29 * 24 * HOUR)))
    // One timer set, not one a millisecond (a delay past the runtime's cap fires at once).
    after(60_000)
    expect(timers.mock.calls.length).toBe(1)
    after(29 * 24 * HOUR - PURGE_SOON_MS - 60_000 - 1)
    expect(delivered).toEqual([])
    after(1 + COALESCE_MS)
    expect(delivered).toHaveLength(1)
  })
})

describe('a full disk', () => {
  it('is told once while outputs wait for room, and again after room came back and the disk filled again', () => {
    const { notifier, job, delivered, after } = notifierHarness()
    const far = T0 + 20 * HOUR
    notifier.jobChanged(job.view('a', waiting(far, true)))
    notifier.jobChanged(job.view('b', waiting(far, true)))
    after(COALESCE_MS)
    expect(delivered).toEqual([expect.objectContaining({ kind: 'attention', title: 'Disk full', open: { view: 'queue', jobId: null } })])
    notifier.jobChanged(job.view('a', waiting(far, true)))
    after(COALESCE_MS)
    expect(delivered).toHaveLength(1)
    notifier.jobChanged(job.view('a', { status: 'COMPLETED', saved: 'saved', saveWaiting: null }))
    notifier.jobChanged(job.view('b', { status: 'COMPLETED', saved: 'saved', saveWaiting: null }))
    notifier.jobChanged(job.view('c', waiting(far, true)))
    after(COALESCE_MS)
    expect(delivered.filter((n) => n.kind === 'attention').map((n) => n.title)).toEqual(['Disk full', 'Disk full'])
  })

  it('is not told for outputs that wait for another reason', () => {
    const { notifier, job, delivered, after } = notifierHarness()
    notifier.jobChanged(job.view('a', waiting(T0 + 20 * HOUR, false)))
    after(COALESCE_MS)
    expect(delivered).toEqual([])
  })
})

describe('the API key refused', () => {
  it('is told once when the service refuses it, again only after it was accepted in between; a click opens Settings', () => {
    const { notifier, delivered, after } = notifierHarness()
    notifier.connectionChanged('checking')
    notifier.connectionChanged('rejected')
    after(COALESCE_MS)
    expect(delivered).toEqual([expect.objectContaining({ kind: 'attention', title: 'API key rejected', open: { view: 'settings', jobId: null } })])
    // The app's state is told again and again (another setting changed): the key was refused once.
    notifier.connectionChanged('rejected')
    after(COALESCE_MS)
    expect(delivered).toHaveLength(1)
    notifier.connectionChanged('connected')
    notifier.connectionChanged('rejected')
    after(COALESCE_MS)
    expect(delivered).toHaveLength(2)
  })

  it('is muted with the attention kind', () => {
    const { notifier, delivered, after, state } = notifierHarness()
    state.kinds = { done: true, failed: true, attention: false }
    notifier.connectionChanged('rejected')
    after(COALESCE_MS)
    expect(delivered).toEqual([])
  })
})
