// Prompt history: every send from Create is in it (a single job, a batch, a wildcard prompt,
// a matrix, an action on a result), one row per prompt and model, newest first.
import { beforeEach, describe, expect, it } from 'vitest'
import { rememberSent, usePromptLibrary } from '../../../../src/renderer/stores/prompt-library'

const request = (model: string, seed: number, prompt = 'a kite') => ({ model, prompt, [`${model.split('-')[0]}Params`]: { seed, aspect_ratio: '1:1' } })
const rows = () => usePromptLibrary.getState().history.map((h) => [h.prompt, h.modelId])

beforeEach(() => usePromptLibrary.setState({ history: [] }))

describe('the prompt history', () => {
  it('keeps one row per prompt and model: the same prompt to two models is two rows', () => {
    rememberSent('a kite', [request('i3-1', 1)])
    rememberSent('a kite', [request('i4-1', 2)])
    expect(rows()).toEqual([['a kite', 'i4-1'], ['a kite', 'i3-1']])
  })

  it('records a batch as one row, with the settings of its first job', () => {
    rememberSent('a kite', [request('i3-1', 500), request('i3-1', 501), request('i3-1', 502)])
    expect(rows()).toEqual([['a kite', 'i3-1']])
    expect(usePromptLibrary.getState().history[0]!.params).toEqual({ seed: 500, aspect_ratio: '1:1' })
  })

  it('records a matrix of models as a row for each model, and a wildcard prompt as written', () => {
    rememberSent('a {red|blue} kite', [request('i3-1', 1, 'a red kite'), request('i4-1', 1, 'a red kite'), request('i3-1', 2, 'a blue kite')])
    expect(rows()).toEqual([['a {red|blue} kite', 'i3-1'], ['a {red|blue} kite', 'i4-1']])
  })

  it('moves a prompt sent again to the model it had to the top, once', () => {
    rememberSent('a kite', [request('i3-1', 1)])
    rememberSent('a boat', [request('i3-1', 1)])
    rememberSent('a kite', [request('i3-1', 9)])
    expect(rows()).toEqual([['a kite', 'i3-1'], ['a boat', 'i3-1']])
    expect(usePromptLibrary.getState().history[0]!.params).toMatchObject({ seed: 9 })
  })
})
