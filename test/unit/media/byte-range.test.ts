// Seeking in a video or a track asks for byte ranges; one range is served, anything else
// gets the whole file or a 416. The Node host and Electron's library protocol both use it.
import { describe, expect, it } from 'vitest'
import { planRange } from '../../../src/main/core/media/byte-range'

describe('byte ranges', () => {
  it('serves the whole file without a usable Range header', () => {
    for (const header of [null, '', 'bytes=', 'bytes=-', 'items=0-1', 'bytes=0-1,4-5', 'bytes=a-b']) {
      expect(planRange(header, 1000)).toEqual({ kind: 'whole' })
    }
  })

  it('serves one range, closed or open, clamped to the file', () => {
    expect(planRange('bytes=0-99', 1000)).toEqual({ kind: 'partial', start: 0, end: 99 })
    expect(planRange('bytes=500-', 1000)).toEqual({ kind: 'partial', start: 500, end: 999 })
    expect(planRange('bytes=900-5000', 1000)).toEqual({ kind: 'partial', start: 900, end: 999 })
    expect(planRange(' BYTES = 10 - 19 ', 1000)).toEqual({ kind: 'partial', start: 10, end: 19 })
  })

  it('serves the last N bytes, or the whole file when N is larger', () => {
    expect(planRange('bytes=-100', 1000)).toEqual({ kind: 'partial', start: 900, end: 999 })
    expect(planRange('bytes=-5000', 1000)).toEqual({ kind: 'partial', start: 0, end: 999 })
  })

  it('refuses ranges that lie outside the file or run backwards', () => {
    expect(planRange('bytes=1000-', 1000)).toEqual({ kind: 'unsatisfiable' })
    expect(planRange('bytes=50-10', 1000)).toEqual({ kind: 'unsatisfiable' })
    expect(planRange('bytes=-0', 1000)).toEqual({ kind: 'unsatisfiable' })
    expect(planRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' })
    expect(planRange('bytes=99999999999999999999-', 1000)).toEqual({ kind: 'unsatisfiable' })
  })
})
