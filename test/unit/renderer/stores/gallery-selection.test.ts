// Selecting tiles as in a file manager: click, ctrl-click, shift-click ranges from the
// anchor, ctrl+shift adding a range, and positions whose page is not cached skipped.
import { describe, expect, it } from 'vitest'
import { nextSelection } from '../../../../src/renderer/stores/gallery-selection'

const idAt = (i: number) => (i >= 0 && i < 100 && i !== 13 ? `e${i}` : undefined)
const none = { ids: new Set<string>(), anchor: null }
const plain = { shift: false, toggle: false }
const ctrl = { shift: false, toggle: true }
const shift = { shift: true, toggle: false }
const sorted = (ids: ReadonlySet<string>) => [...ids].sort()

describe('gallery selection', () => {
  it('selects one on a click and toggles with ctrl', () => {
    let s = nextSelection(none, 3, plain, idAt)
    expect(sorted(s.ids)).toEqual(['e3'])
    s = nextSelection(s, 5, ctrl, idAt)
    expect(sorted(s.ids)).toEqual(['e3', 'e5'])
    s = nextSelection(s, 3, ctrl, idAt)
    expect(sorted(s.ids)).toEqual(['e5'])
    expect(s.anchor).toBe(3)
  })

  it('selects the run from the anchor with shift, either way, and redraws it from the same anchor', () => {
    let s = nextSelection(none, 10, plain, idAt)
    s = nextSelection(s, 15, shift, idAt)
    // 13 has no cached entry and is skipped.
    expect(sorted(s.ids)).toEqual(['e10', 'e11', 'e12', 'e14', 'e15'])
    s = nextSelection(s, 8, shift, idAt)
    expect(sorted(s.ids)).toEqual(['e10', 'e8', 'e9'])
    expect(s.anchor).toBe(10)
  })

  it('adds a run to the selection with ctrl+shift', () => {
    let s = nextSelection(none, 1, plain, idAt)
    s = nextSelection(s, 20, ctrl, idAt)
    s = nextSelection(s, 22, { shift: true, toggle: true }, idAt)
    expect(sorted(s.ids)).toEqual(['e1', 'e20', 'e21', 'e22'])
  })

  it('ignores a click on a position with no entry', () => {
    const s = nextSelection(none, 13, plain, idAt)
    expect(s).toBe(none)
  })
})
