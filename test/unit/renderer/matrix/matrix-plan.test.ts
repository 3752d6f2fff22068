// A matrix plan from what is on Create: models × seeds with the draft's settings carried
// into each model, or one parameter's values × seeds; cells a model cannot take are named.
import { describe, expect, it } from 'vitest'
import { modelsBySeeds, parameterSweep, parseSweepValues, seedValues, sweepFields } from '../../../../src/renderer/features/create/matrix/matrix-plan'
import { getModel, type ModelInfo } from '../../../../src/shared/api'

const model = (id: string): ModelInfo => getModel(id)!
const draft = (params: Record<string, unknown> = {}, prompt = 'a lighthouse at dawn') => ({ prompt, params, uploads: {} })

describe('models × seeds', () => {
  it('makes one cell per model and seed, each with the seed where the model takes one', () => {
    const plan = modelsBySeeds([model('i4-1'), model('i3-1'), model('i6-1')], [7, 8], draft({ aspect_ratio: '16:9' }))
    expect(plan.rowValues).toEqual(['I4 · 1', 'I3 · 1', 'I6 · 1'])
    expect(plan.colValues).toEqual(['7', '8'])
    expect(plan.cells.map((c) => [c.row, c.col])).toEqual([[0, 0], [0, 1], [1, 0], [1, 1], [2, 0], [2, 1]])
    expect(plan.cells[1]!.request).toEqual({ model: 'i4-1', prompt: 'a lighthouse at dawn', i4Params: { aspect_ratio: '16:9', seed: 8 } })
    expect(plan.cells[2]!.request).toEqual({ model: 'i3-1', prompt: 'a lighthouse at dawn', i3Params: { aspect_ratio: '16:9', seed: 7 } })
    // I6 has no seed: each column is one more take of the same request.
    expect(plan.cells[4]!.request).toEqual({ model: 'i6-1', prompt: 'a lighthouse at dawn', i6Params: { aspect_ratio: '16:9' } })
    expect(plan.cells.every((c) => c.error === undefined)).toBe(true)
    expect(plan.notes).toEqual(['I6 · 1 takes no seed: each of its columns is another take'])
  })

  it('carries the draft’s settings into each model, keeping what it takes and naming what it does not', () => {
    const plan = modelsBySeeds([model('i4-1'), model('i7-1')], [1], draft({ guidance_scale: 4, aspect_ratio: '3:2' }))
    expect(plan.cells[0]!.request).toMatchObject({ i4Params: { guidance_scale: 4, aspect_ratio: '3:2', seed: 1 } })
    expect(plan.cells[1]!.request).toEqual({ model: 'i7-1', prompt: 'a lighthouse at dawn', i7Params: { aspect_ratio: '3:2' } })
    expect(plan.notes).toEqual(['Not taken by I7 · 1: Guidance scale'])
  })

  it('names the field error of a cell its model cannot take', () => {
    const plan = modelsBySeeds([model('i1-1'), model('i5-character')], [3], draft())
    expect(plan.cells[0]!.error).toBeUndefined()
    expect(plan.cells[1]!.error).toMatch(/character_reference_image/)
  })
})

describe('a parameter sweep', () => {
  it('makes one row per value and one column per seed', () => {
    const i4 = model('i4-1')
    const field = sweepFields(i4).find((f) => f.key === 'guidance_scale')!
    const plan = parameterSweep(i4, field, [2, 5, 8], [11, 12], draft({ aspect_ratio: '1:1', guidance_scale: 3 }))
    expect(plan.rowLabel).toBe('Guidance scale')
    expect(plan.rowValues).toEqual(['2', '5', '8'])
    expect(plan.cells).toHaveLength(6)
    expect(plan.cells.map((c) => (c.request.i4Params as { guidance_scale: number; seed: number }).guidance_scale)).toEqual([2, 2, 5, 5, 8, 8])
    expect(plan.cells[3]!.request).toEqual({ model: 'i4-1', prompt: 'a lighthouse at dawn', i4Params: { aspect_ratio: '1:1', guidance_scale: 5, seed: 12 } })
  })

  it('offers bounded numbers and choices, not seeds, ids or free text', () => {
    const keys = sweepFields(model('i17-1')).map((f) => f.key)
    expect(keys).toEqual(expect.arrayContaining(['lora_strength', 'guidance_scale', 'aspect_ratio', 'num_inference_steps']))
    expect(keys).not.toContain('seed')
    expect(keys).not.toContain('loraId')
    expect(sweepFields(model('i4-1')).map((f) => f.key)).not.toContain('size')
  })

  it('reads typed values, naming the field of one out of bounds', () => {
    const strength = sweepFields(model('i17-1')).find((f) => f.key === 'lora_strength')!
    expect(parseSweepValues(strength, '0.4, 0.8 1.2')).toEqual({ ok: true, values: [0.4, 0.8, 1.2] })
    expect(parseSweepValues(strength, '0.4, 2')).toEqual({ ok: false, message: 'LoRA strength: 2 is above the most, 1.5' })
    expect(parseSweepValues(strength, 'low')).toEqual({ ok: false, message: "LoRA strength: 'low' is not a number" })
    expect(parseSweepValues(strength, ' ')).toEqual({ ok: false, message: 'LoRA strength: give at least one value' })
    const steps = sweepFields(model('i17-1')).find((f) => f.key === 'num_inference_steps')!
    expect(parseSweepValues(steps, '10, 12.5')).toEqual({ ok: false, message: 'Inference steps: 12.5 must be a whole number' })
  })
})

describe('seeds', () => {
  it('counts on from a start seed, or draws them at random', () => {
    expect(seedValues(3, 7)).toEqual([7, 8, 9])
    expect(seedValues(2, null, () => 0.5)).toEqual([1073741823, 1073741823])
    // Up to 256 columns: the balance, checked at the confirmation, is the real limit.
    expect(seedValues(50, 0)).toHaveLength(50)
    expect(seedValues(300, 0)).toHaveLength(256)
  })
})

describe('prompts made by wildcards', () => {
  const prompts = ['a red car', 'a blue car']
  it('makes a row per model and prompt, each cell sending its own prompt', () => {
    const plan = modelsBySeeds([model('i4-1'), model('i6-1')], [7], { ...draft({}, 'a {red|blue} car'), prompts })
    expect(plan.rowLabel).toBe('Model · prompt')
    expect(plan.rowValues).toEqual(['I4 · 1 · “a red car”', 'I4 · 1 · “a blue car”', 'I6 · 1 · “a red car”', 'I6 · 1 · “a blue car”'])
    expect(plan.cells.map((c) => [c.row, c.request.prompt])).toEqual([[0, 'a red car'], [1, 'a blue car'], [2, 'a red car'], [3, 'a blue car']])
    expect(plan.cells[1]!.request).toEqual({ model: 'i4-1', prompt: 'a blue car', i4Params: { seed: 7 } })
    expect(plan.title).toBe('“a {red|blue} car” · 2 models × 2 prompts × 1 seed')
  })

  it('numbers the columns as takes where no model takes a seed', () => {
    const plan = modelsBySeeds([model('i6-1')], [123456, 654321], { ...draft(), prompts })
    expect(plan.colLabel).toBe('Take')
    expect(plan.colValues).toEqual(['1', '2'])
    expect(plan.cells[0]!.request).toEqual(plan.cells[1]!.request)
  })

  it('labels rows by prompt alone for one model, and varies prompts within a parameter sweep', () => {
    const i4 = model('i4-1')
    const one = modelsBySeeds([i4], [1, 2], { ...draft(), prompts })
    expect(one.rowLabel).toBe('Prompt')
    expect(one.rowValues).toEqual(['“a red car”', '“a blue car”'])
    expect(one.cells).toHaveLength(4)
    const field = sweepFields(i4).find((f) => f.key === 'guidance_scale')!
    const sweep = parameterSweep(i4, field, [2, 5], [1], { ...draft(), prompts })
    expect(sweep.rowValues).toEqual(['2 · “a red car”', '2 · “a blue car”', '5 · “a red car”', '5 · “a blue car”'])
    expect(sweep.cells.map((c) => [c.request.prompt, (c.request.i4Params as { guidance_scale: number }).guidance_scale])).toEqual([
      ['a red car', 2],
      ['a blue car', 2],
      ['a red car', 5],
      ['a blue car', 5]
    ])
  })
})
