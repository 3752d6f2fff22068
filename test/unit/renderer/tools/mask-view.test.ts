// Zoom and pan of the painter, and where a pointer lands in image pixels.
import { describe, expect, it } from 'vitest'
import { clampView, FIT, MAX_ZOOM, panBy, toImagePoint, zoomAt } from '../../../../src/renderer/components/mask/mask-view'

const frame = { width: 400, height: 300 }

describe('mask painter view', () => {
  it('zooms around the pointer, keeping the point under it still', () => {
    const v = zoomAt(FIT, 2, { x: 100, y: 150 }, frame)
    expect(v).toEqual({ zoom: 2, x: -100, y: -150 })
    // The frame point (100, 150) still shows image point (100, 150) of the unzoomed layout.
    expect((100 - v.x) / v.zoom).toBe(100)
  })

  it('never zooms out past fitting, nor beyond the maximum', () => {
    expect(zoomAt(FIT, 0.5, { x: 10, y: 10 }, frame)).toEqual(FIT)
    expect(zoomAt({ zoom: 6, x: 0, y: 0 }, 4, { x: 0, y: 0 }, frame).zoom).toBe(MAX_ZOOM)
  })

  it('pans only as far as the image reaches', () => {
    const zoomed = { zoom: 2, x: -100, y: -100 }
    expect(panBy(zoomed, 500, 0, frame)).toEqual({ zoom: 2, x: 0, y: -100 })
    expect(panBy(zoomed, -1000, -1000, frame)).toEqual({ zoom: 2, x: -400, y: -300 })
    expect(clampView({ zoom: 1, x: -50, y: 20 }, frame)).toEqual(FIT)
  })

  it('maps the pointer to natural pixels through the on-screen box, clamped to the image', () => {
    const box = { left: 50, top: 20, width: 400, height: 300 }
    const natural = { width: 2000, height: 1500 }
    expect(toImagePoint({ x: 250, y: 170 }, box, natural)).toEqual({ x: 1000, y: 750 })
    expect(toImagePoint({ x: 0, y: 1000 }, box, natural)).toEqual({ x: 0, y: 1500 })
  })
})
