import { describe, expect, it } from 'vitest'
import { backoffDelay } from '../../../src/main/core/backoff'
import { parseRetryAfter } from '../../../src/main/core/client/http'

describe('backoffDelay', () => {
  it('scales the random value by an exponentially growing ceiling', () => {
    const opts = { baseMs: 500, capMs: 20_000, random: () => 0.5 }
    expect([0, 1, 2, 3].map((a) => backoffDelay(a, opts))).toEqual([250, 500, 1000, 2000])
  })

  it('never exceeds the cap, even for huge attempt numbers', () => {
    const opts = { baseMs: 500, capMs: 20_000, random: () => 0.999999 }
    expect(backoffDelay(6, opts)).toBeLessThan(20_000)
    expect(backoffDelay(5000, opts)).toBeLessThan(20_000)
    expect(backoffDelay(5000, opts)).toBeGreaterThan(19_000)
    // A zero base stays zero rather than 0 × Infinity.
    expect(backoffDelay(5000, { baseMs: 0, capMs: 20_000, random: () => 0.5 })).toBe(0)
  })

  it('can be zero (full jitter) and clamps a faulty random source', () => {
    expect(backoffDelay(3, { baseMs: 500, capMs: 20_000, random: () => 0 })).toBe(0)
    expect(backoffDelay(0, { baseMs: 500, capMs: 20_000, random: () => -3 })).toBe(0)
    expect(backoffDelay(0, { baseMs: 500, capMs: 20_000, random: () => 7 })).toBe(500)
  })

  it('uses Math.random by default and stays within bounds', () => {
    for (let i = 0; i < 100; i++) {
      const d = backoffDelay(2, { baseMs: 100, capMs: 1000 })
      expect(d).toBeGreaterThanOrEqual(0)
      expect(d).toBeLessThan(400)
    }
  })
})

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-01T00:00:00Z')

  it('reads delay-seconds', () => {
    expect(parseRetryAfter('1', now)).toBe(1000)
    expect(parseRetryAfter(' 120 ', now)).toBe(120_000)
    expect(parseRetryAfter('0', now)).toBe(0)
    expect(parseRetryAfter('1.5', now)).toBe(1500)
  })

  it('reads an HTTP-date relative to now', () => {
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', now)).toBe(30_000)
  })

  it('treats a date in the past as no wait', () => {
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:59:00 GMT', now)).toBe(0)
  })

  it('gives undefined for absent or unreadable values', () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined()
    expect(parseRetryAfter(null, now)).toBeUndefined()
    expect(parseRetryAfter('', now)).toBeUndefined()
    expect(parseRetryAfter('-5', now)).toBeUndefined()
    expect(parseRetryAfter('soon', now)).toBeUndefined()
  })
})
