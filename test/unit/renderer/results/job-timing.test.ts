// Elapsed time and time left, from the job's own dates and its observed progress rate.
import { describe, expect, it } from 'vitest'
import { elapsedMs, etaMs, formatClock, timeLeftLabel } from '../../../../src/renderer/components/jobs/job-timing'
import { noteProgress, type ProgressSample } from '../../../../src/renderer/stores/job-views'
import { jobView } from '../fixtures'

const start = Date.parse('2025-01-01T10:00:00.000Z')
const running = jobView({ submission: 'accepted', jobId: 'j', status: 'PROCESSING', progress: 20 })

describe('elapsed time', () => {
  it('counts from submission to now while running, and to completion once done', () => {
    expect(elapsedMs(running, start + 12_000)).toBe(12_000)
    const done = jobView({ status: 'COMPLETED', completedAt: '2025-01-01T10:00:30.000Z' })
    expect(elapsedMs(done, start + 99_000)).toBe(30_000)
    const cancelled = jobView({ submission: 'accepted', status: 'CANCELLED', updatedAt: '2025-01-01T10:00:07.000Z' })
    expect(elapsedMs(cancelled, start + 99_000)).toBe(7_000)
  })
})

describe('time left', () => {
  it('takes the start as 0% when only one reading was seen', () => {
    // 20% in 10 s: 80% more takes 40 s, 2 s of which have passed since the reading.
    const sample = { firstAt: start + 10_000, firstProgress: 20, lastAt: start + 10_000, lastProgress: 20 }
    expect(etaMs(running, sample, start + 12_000)).toBe(38_000)
  })

  it('uses the rate between the first and the last reading once progress has moved', () => {
    const sample = { firstAt: start + 10_000, firstProgress: 20, lastAt: start + 20_000, lastProgress: 60 }
    // 40% in 10 s: 40% more takes 10 s.
    expect(etaMs({ ...running, progress: 60 }, sample, start + 20_000)).toBe(10_000)
  })

  it('does not count a hold as running time: a job let go after 5 minutes at 13% has seconds left, not minutes', () => {
    const at = (seconds: number, progress: number) => [jobView({ ...running, progress }), start + seconds * 1000] as const
    let samples: Record<string, ProgressSample> = {}
    for (const [view, now] of [at(1, 13), at(301, 13), at(302, 26)]) samples = noteProgress(samples, view, now)
    const left = etaMs({ ...running, progress: 26 }, samples[running.localId], start + 302_000)
    expect(timeLeftLabel(left, 26)).toBe('about 0:06 left')
  })

  it('does not go below zero, and is unknown without a reading or once finished', () => {
    const sample = { firstAt: start + 1000, firstProgress: 50, lastAt: start + 1000, lastProgress: 50 }
    expect(etaMs(running, sample, start + 60_000)).toBe(0)
    expect(etaMs(running, undefined, start)).toBeNull()
    expect(etaMs(jobView({ status: 'COMPLETED' }), sample, start)).toBeNull()
  })

  it('says "finishing" only near the end: a job whose time ran out early has slowed down', () => {
    expect(timeLeftLabel(0, 11)).toBe('taking longer than expected…')
    expect(timeLeftLabel(400, 89)).toBe('taking longer than expected…')
    expect(timeLeftLabel(0, 95)).toBe('finishing…')
    expect(timeLeftLabel(null, 11)).toBe('estimating time left…')
    expect(timeLeftLabel(65_000, 11)).toBe('about 1:05 left')
  })

  it('reads as a clock', () => {
    expect(formatClock(0)).toBe('0:00')
    expect(formatClock(65_400)).toBe('1:05')
    expect(formatClock(3_725_000)).toBe('1:02:05')
  })
})
