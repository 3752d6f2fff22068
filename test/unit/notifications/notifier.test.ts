// What the app notifies when jobs end while its window is in the background: one
// notification per job, per confirmed send (when its last job has ended) and per burst,
// none while the window has the focus, none of a muted kind. On a fake clock.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { COALESCE_MS } from '../../../src/main/core/app/notifications/notifier'
import { notifierHarness } from './notifier-harness'

afterEach(() => {
  vi.useRealTimers()
})

describe('a job that ends', () => {
  it('is told once its outputs are saved, with its first output’s picture, and a click opens it in the gallery', () => {
    const { job, delivered, after } = notifierHarness()
    job.running('a')
    job.saving('a')
    after(COALESCE_MS * 2)
    expect(delivered).toEqual([])
    job.done('a')
    after(COALESCE_MS - 1)
    expect(delivered).toEqual([])
    after(1)
    expect(delivered).toEqual([
      expect.objectContaining({ kind: 'done', title: 'Job done', body: 'i1-1: prompt of a', image: 'thumbs/job-a/0.webp', open: { view: 'gallery', jobId: 'job-a' } })
    ])
  })

  it('says a failure with the service’s reason, and a click opens the queue', () => {
    const { job, delivered, after } = notifierHarness()
    job.running('a')
    job.failed('a', 'the prompt was refused')
    after(COALESCE_MS)
    expect(delivered).toEqual([expect.objectContaining({ kind: 'failed', title: 'Job failed', body: 'i1-1: the prompt was refused', image: null, open: { view: 'queue', jobId: null } })])
  })

  it('says when outputs were lost, as a failure; a cancel the user made says nothing', () => {
    const { job, delivered, after } = notifierHarness()
    job.running('a')
    job.lost('a')
    job.running('b')
    job.cancelled('b')
    after(COALESCE_MS)
    expect(delivered).toEqual([expect.objectContaining({ kind: 'failed', title: 'Outputs not saved' })])
  })

  it('is told once, however often its ended state is reported again', () => {
    const { job, delivered, after } = notifierHarness()
    job.running('a')
    job.done('a')
    job.done('a')
    after(COALESCE_MS)
    job.done('a')
    after(COALESCE_MS * 3)
    expect(delivered).toHaveLength(1)
  })

  it('says nothing of a job that had ended before it was seen running (read again at a start), nor of one made elsewhere', () => {
    const { job, delivered, after } = notifierHarness()
    job.done('earlier')
    job.running('other-device', { origin: 'elsewhere' })
    job.done('other-device')
    after(COALESCE_MS * 2)
    expect(delivered).toEqual([])
  })
})

describe('jobs sent together', () => {
  it('a send of four is one notification, when its last job has ended: "4 of 4 done"', () => {
    const { notifier, job, delivered, after } = notifierHarness()
    const send = notifier.beginSend(4)
    for (const id of ['a', 'b', 'c', 'd']) {
      job.running(id)
      send.joined(id)
    }
    send.answered()
    for (const id of ['a', 'b', 'c']) {
      job.done(id)
      // Far apart: each would be a notification of its own, were it alone.
      after(COALESCE_MS * 5)
    }
    expect(delivered).toEqual([])
    job.done('d')
    after(COALESCE_MS)
    expect(delivered).toEqual([
      expect.objectContaining({ kind: 'done', title: 'Your 4 jobs have finished', body: '4 of 4 done', image: 'thumbs/job-a/0.webp', open: { view: 'gallery', jobId: 'job-a' } })
    ])
  })

  it('counts what failed, and a job refused before it went out as failed: "3 done, 1 failed"', () => {
    const { notifier, job, delivered, after } = notifierHarness()
    const send = notifier.beginSend(5)
    for (const id of ['a', 'b', 'c', 'd']) {
      job.running(id)
      send.joined(id)
    }
    send.refused()
    send.answered()
    job.done('a')
    job.done('b')
    job.failed('c')
    job.cancelled('d')
    after(COALESCE_MS)
    expect(delivered).toEqual([expect.objectContaining({ kind: 'failed', title: 'Your 5 jobs have finished', body: '2 done, 2 failed, 1 cancelled' })])
  })

  it('keeps a job that ended before its send heard it went out in the send', () => {
    const { notifier, job, delivered, after } = notifierHarness()
    const send = notifier.beginSend(2)
    job.running('a')
    job.done('a')
    send.joined('a')
    job.running('b')
    send.joined('b')
    send.answered()
    after(COALESCE_MS * 4)
    expect(delivered).toEqual([])
    job.done('b')
    after(COALESCE_MS)
    expect(delivered.map((n) => n.body)).toEqual(['2 of 2 done'])
  })

  it('a send whose every job was refused before it went out is one notification too', () => {
    const { notifier, delivered, after } = notifierHarness()
    const send = notifier.beginSend(3)
    send.refused()
    send.refused()
    send.refused()
    send.answered()
    after(COALESCE_MS)
    expect(delivered.map((n) => [n.kind, n.body])).toEqual([['failed', '3 failed']])
  })
})

describe('a burst', () => {
  it('jobs ending within moments of each other are one notification; one ending after is its own', () => {
    const { job, delivered, after } = notifierHarness()
    for (const id of ['a', 'b', 'c', 'd']) job.running(id)
    job.done('a')
    after(COALESCE_MS / 3)
    job.failed('b')
    after(COALESCE_MS / 3)
    job.done('c')
    after(COALESCE_MS)
    expect(delivered).toEqual([expect.objectContaining({ title: '3 jobs have finished', body: '2 done, 1 failed', open: { view: 'gallery', jobId: 'job-a' } })])
    job.done('d')
    after(COALESCE_MS)
    expect(delivered.map((n) => n.title)).toEqual(['3 jobs have finished', 'Job done'])
  })
})

describe('focus and mute', () => {
  it('says nothing while the window has the focus when the burst ends, and does not say it later', () => {
    const { job, delivered, after, state } = notifierHarness()
    job.running('a')
    job.done('a')
    state.focused = true
    after(COALESCE_MS)
    state.focused = false
    after(COALESCE_MS * 3)
    expect(delivered).toEqual([])
  })

  it('says nothing with notifications off', () => {
    const { job, delivered, after, state } = notifierHarness()
    state.notifications = false
    job.running('a')
    job.done('a')
    after(COALESCE_MS)
    expect(delivered).toEqual([])
  })

  it('leaves out a muted kind only: finished muted, a failure is still said', () => {
    const { job, delivered, after, state } = notifierHarness()
    state.kinds = { done: false, failed: true, attention: true }
    job.running('a')
    job.done('a')
    after(COALESCE_MS)
    expect(delivered).toEqual([])
    job.running('b')
    job.failed('b')
    after(COALESCE_MS)
    expect(delivered.map((n) => n.title)).toEqual(['Job failed'])
  })

  it('tells a send with a failure while finished jobs are muted, and a send that went well while failures are muted', () => {
    const { notifier, job, delivered, after, state } = notifierHarness()
    state.kinds = { done: false, failed: true, attention: true }
    const mixed = notifier.beginSend(2)
    for (const id of ['a', 'b']) {
      job.running(id)
      mixed.joined(id)
    }
    mixed.answered()
    job.done('a')
    job.failed('b')
    after(COALESCE_MS)
    expect(delivered.map((n) => n.body)).toEqual(['1 done, 1 failed'])
    state.kinds = { done: true, failed: false, attention: true }
    const fine = notifier.beginSend(2)
    for (const id of ['c', 'd']) {
      job.running(id)
      fine.joined(id)
    }
    fine.answered()
    job.done('c')
    job.done('d')
    after(COALESCE_MS)
    expect(delivered.map((n) => n.body)).toEqual(['1 done, 1 failed', '2 of 2 done'])
  })
})
