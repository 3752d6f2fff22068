// One send, one group: the results gathered by send (a batch, a matrix) newest first, each
// group's jobs in the order sent, and what a group says of itself (prompts, models, seeds,
// what it cost); and the size of a group's grid, so a group fits its window.
import { beforeEach, describe, expect, it } from 'vitest'
import { groupColumns, groupRows, groupSends, summarize } from '../../../../src/renderer/components/results/send-groups'
import { tileHeight } from '../../../../src/renderer/components/results/GroupList'
import { fillHeight } from '../../../../src/renderer/components/results/use-fill-height'
import { sentJobs } from '../../../../src/renderer/stores/job-views'
import { useJobs } from '../../../../src/renderer/stores/jobs'
import { jobView } from '../fixtures'

const job = (localId: string, seed: number | null, over: Parameters<typeof jobView>[0] = {}) =>
  jobView({ localId, model: 'i3-1', prompt: 'a kite', request: { model: 'i3-1', prompt: 'a kite', i3Params: seed === null ? {} : { seed } }, ...over })

beforeEach(() => useJobs.getState().clear())

describe('sends as groups', () => {
  it('keeps a batch together in the order sent, newest send first, a single job its own group', () => {
    const { upsert, markSent, markSentGroup } = useJobs.getState()
    for (const j of [job('old', 1), job('b1', 500), job('b2', 501), job('b3', 502), job('b4', 503), job('new', 9)]) upsert(j)
    markSent('old')
    markSentGroup(['b1', 'b2', 'b3', 'b4'], 'batch-1')
    markSent('new')
    const s = useJobs.getState()
    const groups = groupSends(sentJobs(s, ['image']), s.groupOf)
    expect(groups.map((g) => [g.id, g.jobs.map((j) => j.localId)])).toEqual([
      ['new', ['new']],
      ['batch-1', ['b1', 'b2', 'b3', 'b4']],
      ['old', ['old']]
    ])
  })

  it('keeps the groups across a reload, only for the jobs still shown', async () => {
    useJobs.getState().markSentGroup(['a', 'b'], 'g')
    useJobs.getState().forgetSent('b')
    expect(JSON.parse(localStorage.getItem('mediagen:session-groups')!)).toEqual({ a: 'g' })
  })

  it('says the prompts, models and seeds once each, and the cost of what is priced', () => {
    const group = { id: 'g', jobs: [job('1', 7, { creditCost: 8 }), job('2', 8, { creditCost: 8, prompt: 'a red kite' }), job('3', 7, { creditCost: null, model: 'i4-1' })] }
    expect(summarize(group)).toEqual({ prompts: ['a kite', 'a red kite'], models: ['i3-1', 'i4-1'], seeds: [7, 8], credits: 16, unpriced: 1 })
    expect(summarize({ id: 'g', jobs: [job('1', null)] })).toMatchObject({ seeds: [], credits: null, unpriced: 1 })
  })
})

describe('a group fits its window', () => {
  it('lays 4 out 2 × 2, 9 as 3 × 3, 16 as 4 × 4', () => {
    expect([1, 2, 3, 4, 6, 9, 16].map((n) => [groupColumns(n), groupRows(n)])).toEqual([[1, 1], [2, 1], [2, 2], [2, 2], [3, 2], [3, 3], [4, 4]])
  })

  it('gives each row of pictures what the window leaves it, never less than a thumbnail', () => {
    // 2 rows in 600 px: each row's picture takes its share once the heads and actions are counted.
    const two = tileHeight(600, 4)
    expect(2 * two + 118 + 2 * 42).toBeLessThanOrEqual(600)
    expect(tileHeight(900, 1)).toBeGreaterThan(two)
    expect(tileHeight(200, 16)).toBe(80)
  })

  it('reaches the window’s bottom from where the list starts, or takes a window’s height below the fold', () => {
    expect(fillHeight(400, 900)).toBe(492)
    expect(fillHeight(1400, 900)).toBe(892)
    expect(fillHeight(800, 900)).toBe(892)
  })
})
