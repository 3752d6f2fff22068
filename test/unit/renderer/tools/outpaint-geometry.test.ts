// The extended canvas an outpaint produces, and the aspect shown for it.
import { describe, expect, it } from 'vitest'
import { aspectLabel, outpaintLayout } from '../../../../src/renderer/components/actions/outpaint-geometry'

const image = { width: 400, height: 300 }

describe('outpaint preview geometry', () => {
  it('centres the image when zooming out or squaring', () => {
    expect(outpaintLayout('Zoom out 2x', image)).toEqual({ width: 800, height: 600, left: 200, top: 150 })
    expect(outpaintLayout('Zoom out 1.5x', image)).toEqual({ width: 600, height: 450, left: 100, top: 75 })
    expect(outpaintLayout('Make square', image)).toEqual({ width: 400, height: 400, left: 0, top: 50 })
  })

  it('grows one side only for a directional outpaint, leaving the image against the other', () => {
    expect(outpaintLayout('Left outpaint', image)).toEqual({ width: 600, height: 300, left: 200, top: 0 })
    expect(outpaintLayout('Right outpaint', image)).toEqual({ width: 600, height: 300, left: 0, top: 0 })
    expect(outpaintLayout('Top outpaint', image)).toEqual({ width: 400, height: 450, left: 0, top: 150 })
    expect(outpaintLayout('Bottom outpaint', image)).toEqual({ width: 400, height: 450, left: 0, top: 0 })
  })

  it('names the aspect as a small ratio, or as a decimal when it has none', () => {
    expect(aspectLabel(600, 300)).toBe('2:1')
    expect(aspectLabel(400, 450)).toBe('8:9')
    expect(aspectLabel(1001, 333)).toBe('3.01:1')
  })
})
