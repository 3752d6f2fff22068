// How far a picture is zoomed and where it is panned, apart from any one picture, so
// several panes can share one view (Compare's synced zoom) or each keep their own.
export interface ZoomView {
  scale: number
  /** Pan, in the picture's own pixels at scale 1. */
  x: number
  y: number
}

export const ZOOM_MIN = 1
export const ZOOM_MAX = 8
export const FIT: ZoomView = { scale: 1, x: 0, y: 0 }

const clamp = (v: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, v))

/** Zoomed by `factor`; back at scale 1 the pan is let go, so the picture fits again. */
export function zoomBy(v: ZoomView, factor: number): ZoomView {
  const scale = clamp(v.scale * factor)
  return scale === ZOOM_MIN ? FIT : { ...v, scale }
}

/** Panned by a pointer move of (dx, dy) screen pixels, from where the drag began. */
export function panBy(from: ZoomView, dx: number, dy: number): ZoomView {
  return { ...from, x: from.x + dx / from.scale, y: from.y + dy / from.scale }
}

export function transformOf(v: ZoomView): string {
  return `scale(${v.scale}) translate(${v.x}px, ${v.y}px)`
}
