// The matrix follows the form: a model picked in the form while the panel is open replaces
// the one it had (the form's model always a row), other rows chosen stay, and a parameter's
// sweep of the old model starts again.
import { describe, expect, it } from 'vitest'
import { followModel, initialMatrixSettings } from '../../../../src/renderer/features/create/matrix/matrix-settings'
import { getModel } from '../../../../src/shared/api'

const model = (id: string) => getModel(id)!

describe('the matrix follows the form', () => {
  it('opens on the form’s model', () => {
    expect(initialMatrixSettings(model('i4-1')).models).toEqual(['i4-1'])
  })

  it('swaps the form’s old model for its new one, keeping the other rows', () => {
    const open = { ...initialMatrixSettings(model('i17-1')), models: ['i17-1', 'i12-1'] }
    expect(followModel(open, 'i17-1', model('i4-1')).models).toEqual(['i4-1', 'i12-1'])
    // A model that was a row already is not listed twice.
    expect(followModel(open, 'i17-1', model('i12-1')).models).toEqual(['i12-1'])
  })

  it('starts a sweep again, since its field was the old model’s', () => {
    const open = { ...initialMatrixSettings(model('i17-1')), mode: 'sweep' as const, sweep: { field: 'lora_strength', text: '0.4, 0.8', options: [] } }
    const next = followModel(open, 'i17-1', model('i4-1'))
    expect(next.sweep).toEqual({ field: '', text: '', options: [] })
    expect(next.mode).toBe('sweep')
  })
})
