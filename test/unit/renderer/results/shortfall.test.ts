// A priced request the team cannot pay for is held back, with both figures.
import { describe, expect, it } from 'vitest'
import { shortfall } from '../../../../src/renderer/components/submit/shortfall'

describe('shortfall', () => {
  const priced = (credits: number | null) => ({ state: 'ready' as const, credits, explanation: '' })

  it('gives the cost and the balance when the cost is more', () => {
    expect(shortfall(priced(12), 5)).toEqual({ cost: 12, credits: 5 })
  })

  it('lets through what the balance covers exactly, and what is not priced or not known', () => {
    expect(shortfall(priced(5), 5)).toBeNull()
    expect(shortfall(priced(null), 5)).toBeNull()
    expect(shortfall(priced(12), null)).toBeNull()
    expect(shortfall({ state: 'loading' }, 0)).toBeNull()
  })
})
