// A painted mask as data: the list of things the user did (strokes, invert, clear) in
// image pixels, with undo and redo. Kept free of the canvas so it can be tested and
// replayed at any resolution.

export interface MaskPoint {
  x: number
  y: number
}

export type MaskOp =
  | { type: 'stroke'; tool: 'brush' | 'eraser'; size: number; points: MaskPoint[] }
  | { type: 'invert' }
  | { type: 'clear' }

export interface MaskHistory {
  done: MaskOp[]
  undone: MaskOp[]
}

export const EMPTY_HISTORY: MaskHistory = { done: [], undone: [] }

/** A new action forgets what was undone, as in every editor. */
export function record(h: MaskHistory, op: MaskOp): MaskHistory {
  return { done: [...h.done, op], undone: [] }
}

export function undo(h: MaskHistory): MaskHistory {
  const last = h.done.at(-1)
  return last ? { done: h.done.slice(0, -1), undone: [...h.undone, last] } : h
}

export function redo(h: MaskHistory): MaskHistory {
  const next = h.undone.at(-1)
  return next ? { done: [...h.done, next], undone: h.undone.slice(0, -1) } : h
}

/** What still shows: everything after the last clear (a clear wipes what came before). */
export function visibleOps(ops: readonly MaskOp[]): MaskOp[] {
  let start = 0
  ops.forEach((op, i) => {
    if (op.type === 'clear') start = i + 1
  })
  return ops.slice(start)
}

/**
 * Whether the mask repaints nothing. Only brush strokes and inverting add white; a mask
 * of nothing but erasing is as blank as no mask, and is not worth sending.
 */
export function isBlank(ops: readonly MaskOp[]): boolean {
  return !visibleOps(ops).some((op) => op.type === 'invert' || (op.type === 'stroke' && op.tool === 'brush'))
}
