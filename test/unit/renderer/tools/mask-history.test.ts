// The painted mask's history: strokes, invert and clear as data, with undo and redo.
import { describe, expect, it } from 'vitest'
import { EMPTY_HISTORY, isBlank, record, redo, undo, visibleOps, type MaskOp } from '../../../../src/renderer/components/mask/mask-history'

const brush: MaskOp = { type: 'stroke', tool: 'brush', size: 10, points: [{ x: 1, y: 1 }, { x: 20, y: 5 }] }
const eraser: MaskOp = { type: 'stroke', tool: 'eraser', size: 4, points: [{ x: 2, y: 2 }] }

describe('mask history', () => {
  it('undoes and redoes in order, and a new action forgets what was undone', () => {
    let h = record(record(EMPTY_HISTORY, brush), eraser)
    h = undo(h)
    expect(h.done).toEqual([brush])
    h = redo(h)
    expect(h.done).toEqual([brush, eraser])
    h = undo(undo(h))
    expect(h.done).toEqual([])
    expect(h.undone).toHaveLength(2)
    h = record(h, { type: 'invert' })
    expect(h).toEqual({ done: [{ type: 'invert' }], undone: [] })
  })

  it('leaves the history as it is when there is nothing to undo or redo', () => {
    expect(undo(EMPTY_HISTORY)).toBe(EMPTY_HISTORY)
    const h = record(EMPTY_HISTORY, brush)
    expect(redo(h)).toBe(h)
  })

  it('shows only what came after the last clear, which undo brings back', () => {
    const h = record(record(record(EMPTY_HISTORY, brush), { type: 'clear' }), eraser)
    expect(visibleOps(h.done)).toEqual([eraser])
    expect(visibleOps(undo(undo(h)).done)).toEqual([brush])
  })

  it('calls a mask blank when nothing would be repainted', () => {
    expect(isBlank([])).toBe(true)
    expect(isBlank([eraser])).toBe(true)
    expect(isBlank([brush, { type: 'clear' }])).toBe(true)
    expect(isBlank([brush])).toBe(false)
    // Inverting an empty mask repaints everything.
    expect(isBlank([{ type: 'invert' }])).toBe(false)
  })
})
