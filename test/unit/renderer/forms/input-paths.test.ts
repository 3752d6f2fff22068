// Where each model takes input files, as main checks an input's field: the same places
// the forms put uploads in, for every model of the registry.
import { describe, expect, it } from 'vitest'
import { getModel, isInputPath, listModels } from '../../../../src/shared/api'
import { fieldsOf } from '../../../../src/renderer/forms/field-spec'

describe('model input paths', () => {
  it('are the URL fields and URL list items the forms put uploads in, for every model', () => {
    for (const model of listModels()) {
      for (const f of fieldsOf(model.block, model.blockName)) {
        if (f.kind === 'uri') expect(isInputPath(model, f.path), f.path).toBe(true)
        else if (f.kind === 'uri-list') {
          expect(isInputPath(model, `${f.path}.0`), f.path).toBe(true)
          expect(isInputPath(model, f.path), f.path).toBe(false)
          if (f.maxItems !== undefined) {
            expect(isInputPath(model, `${f.path}.${f.maxItems - 1}`), f.path).toBe(true)
            expect(isInputPath(model, `${f.path}.${f.maxItems}`), f.path).toBe(false)
          }
        } else expect(isInputPath(model, f.path), f.path).toBe(false)
      }
    }
  })

  it('are nothing else: no other block, no envelope field, no odd index', () => {
    const i2 = getModel('i2-1')!
    for (const field of ['model', 'prompt', 'webhookUrl', 'i2Params', 'u1Params.image', 'i2Params.image_input.-1', 'i2Params.image_input.01', 'i2Params.image_input.1e1', 'i2Params.image_input.0.x', '__proto__.query', 'i2Params.__proto__']) {
      expect(isInputPath(i2, field), field).toBe(false)
    }
    expect(isInputPath(getModel('i1-1')!, 'i1Params.aspect_ratio')).toBe(false)
  })
})
