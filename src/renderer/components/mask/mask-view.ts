// Zoom and pan of the mask painter, and the mapping from the pointer to image pixels.
// The painted layer is transformed with CSS (translate, then scale from the top left).

export interface View {
  zoom: number
  x: number
  y: number
}

export const FIT: View = { zoom: 1, x: 0, y: 0 }
export const MIN_ZOOM = 1
export const MAX_ZOOM = 8

/** Keeps the image covering the frame: no empty band appears when zoomed in. */
export function clampView(v: View, frame: { width: number; height: number }): View {
  const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, v.zoom))
  const clamp = (value: number, extent: number) => Math.min(0, Math.max(extent * (1 - zoom), value))
  return { zoom, x: clamp(v.x, frame.width), y: clamp(v.y, frame.height) }
}

/** Zooms by `factor` keeping the frame point `at` (in frame pixels) under the pointer. */
export function zoomAt(v: View, factor: number, at: { x: number; y: number }, frame: { width: number; height: number }): View {
  const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, v.zoom * factor))
  const k = zoom / v.zoom
  return clampView({ zoom, x: at.x - (at.x - v.x) * k, y: at.y - (at.y - v.y) * k }, frame)
}

export function panBy(v: View, dx: number, dy: number, frame: { width: number; height: number }): View {
  return clampView({ ...v, x: v.x + dx, y: v.y + dy }, frame)
}

/**
 * A pointer position in image pixels, from the on-screen box of the (transformed) image,
 * so zoom and pan need no further arithmetic. Points off the image are kept at its edge.
 */
export function toImagePoint(client: { x: number; y: number }, box: { left: number; top: number; width: number; height: number }, natural: { width: number; height: number }): { x: number; y: number } {
  const fx = Math.min(1, Math.max(0, (client.x - box.left) / box.width))
  const fy = Math.min(1, Math.max(0, (client.y - box.top) / box.height))
  return { x: Math.round(fx * natural.width * 10) / 10, y: Math.round(fy * natural.height * 10) / 10 }
}
