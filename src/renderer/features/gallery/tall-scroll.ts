// A grid taller than a browser lays out. Chromium gives no element more than about 33.5
// million pixels (Firefox less), and a million entries in rows of 260 px would be 43
// million: the oldest rows could never be scrolled to. Past MAX_CANVAS_PX, the grid's
// canvas is capped, and each pixel of scrolling moves `scale` pixels through the rows, so
// the top of the scrollbar is the newest row and its bottom the oldest, as ever. Rows are
// drawn near the viewport at their own spacing, shifted by what the scaling skipped.

/** The tallest canvas drawn: half of Chromium's limit, which holds at 200% zoom too. */
export const MAX_CANVAS_PX = 16_000_000

export interface TallScroll {
  /** Height of the canvas drawn, in pixels. */
  canvas: number
  /** Content pixels moved per pixel scrolled (1 when the content fits). */
  scale: number
}

/** The canvas for content `content` px tall seen through a viewport `viewport` px tall. */
export function tallScroll(content: number, viewport: number, max = MAX_CANVAS_PX): TallScroll {
  if (content <= max) return { canvas: content, scale: 1 }
  // The scrollable ranges map onto each other: the canvas's last position shows the last row.
  return { canvas: max, scale: Math.max(1, (content - viewport) / Math.max(1, max - viewport)) }
}

/** Where a row starting at `start` (content px) is drawn on the canvas, with the content scrolled to `offset`. */
export function drawnAt(start: number, offset: number, scale: number): number {
  // The viewport's top is at offset / scale on the canvas and at `offset` in the content.
  return start - offset + offset / scale
}
