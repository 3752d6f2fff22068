// How long something took, in the user's language: every duration says its number, a
// training done within a second included (DurationFormat alone would say nothing at all).
import { describe, expect, it } from 'vitest'
import { createFormatters } from '../../../src/shared/i18n/format'

describe('durations', () => {
  it('say "0 sec" for under a second, and seconds, minutes and hours as the language writes them', () => {
    const en = createFormatters('en')
    expect(en.duration(0)).toBe('0 sec')
    expect(en.duration(400)).toBe('0 sec')
    expect(en.duration(42_000)).toBe('42 sec')
    expect(en.duration(65_000)).toBe('1 min, 5 sec')
    expect(en.duration(3_780_000)).toBe('1 hr, 3 min')
    expect(createFormatters('de').duration(0)).toMatch(/^0\s?Sek\.$/)
  })
})
