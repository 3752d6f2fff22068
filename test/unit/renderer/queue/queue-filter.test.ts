// Which jobs the Queue shows for a filter and a search, and how a bulk action's outcome reads.
import { describe, expect, it } from 'vitest'
import { describeOutcome } from '../../../../src/renderer/features/queue/bulk-jobs'
import { matchesFilter, matchesSearch, shownJobs } from '../../../../src/renderer/features/queue/queue-filter'
import { jobView } from '../fixtures'

describe('queue filter and search', () => {
  const done = jobView({ localId: 'a', submission: 'accepted', status: 'COMPLETED', prompt: 'Red kite', model: 'i1-1' })
  const lost = jobView({ localId: 'b', submission: 'accepted', status: 'COMPLETED', saved: 'lost', prompt: null, model: 'm1-1', kind: 'music' })
  const running = jobView({ localId: 'c', submission: 'accepted', status: 'PROCESSING', prompt: 'blue sea' })

  it('sorts jobs by where they stand', () => {
    expect(shownJobs([done, lost, running], 'active', '').map((j) => j.localId)).toEqual(['c'])
    expect(shownJobs([done, lost, running], 'problems', '').map((j) => j.localId)).toEqual(['b'])
    expect(matchesFilter(lost, 'done')).toBe(true)
  })

  it('matches every word, ignoring case, in the prompt, model, kind or status', () => {
    expect(matchesSearch(done, 'red KITE')).toBe(true)
    expect(matchesSearch(done, 'red sea')).toBe(false)
    expect(matchesSearch(lost, 'music completed')).toBe(true)
    expect(matchesSearch(running, 'processing')).toBe(true)
    expect(matchesSearch(running, '   ')).toBe(true)
  })

  it('reads a bulk outcome as one sentence', () => {
    expect(describeOutcome('retry', { done: 1, skipped: 0, failures: [] })).toBe('Submitted again 1 job')
    expect(describeOutcome('cancel', { done: 2, skipped: 3, failures: ['gone'] })).toBe('Cancelled 2 jobs, 3 skipped (not possible in their state), refused: gone')
  })
})
