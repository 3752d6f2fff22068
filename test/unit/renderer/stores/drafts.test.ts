// Drafts keep the request being composed across views: a model change starts its form
// afresh, the prompt survives, every edit clears the engine's last verdict.
import { beforeEach, describe, expect, it } from 'vitest'
import { useDrafts } from '../../../../src/renderer/stores/drafts'
import { useModelPrefs } from '../../../../src/renderer/stores/model-prefs'
import { resetStore } from '../fixtures'

const draft = (id: 'create' | 'tools' = 'create') => useDrafts.getState().drafts[id]

beforeEach(() => {
  resetStore(useDrafts)
  resetStore(useModelPrefs)
})

describe('drafts store', () => {
  it('starts a new model with an empty form and remembers it per kind of media', () => {
    const d = useDrafts.getState()
    d.setModel('create', 'i3-2', 'image')
    d.setParam('create', 'steps', 20, 'i3Params.steps')
    d.setServerDetails('create', { prompt: ['Required'] })
    d.setModel('create', 'v2-1', 'video')
    expect(draft()).toMatchObject({ modality: 'video', modelId: 'v2-1', params: {}, touched: {}, serverDetails: null, freeform: '{}' })
    expect(useDrafts.getState().lastModel).toEqual({ image: 'i3-2', video: 'v2-1' })
  })

  it('records a model the user chooses once: the draft’s, Create’s last of its kind and the palette’s most recent', () => {
    const d = useDrafts.getState()
    d.chooseModel('create', 'i3-2', 'image')
    d.chooseModel('tools', 'u1-1', 'image', { params: { upscale_factor: 2 } })
    expect(draft()).toMatchObject({ modality: 'image', modelId: 'i3-2' })
    expect(draft('tools')).toMatchObject({ modelId: 'u1-1', params: { upscale_factor: 2 } })
    expect(useDrafts.getState().lastModel).toEqual({ image: 'i3-2' })
    expect(useModelPrefs.getState().recent).toEqual(['u1-1', 'i3-2'])
    // A model filled in for the user (Remix, Reuse) is Create's, not a choice of theirs.
    d.prefill('create', { modality: 'video', modelId: 'v2-1', prompt: 'a kite', params: {} })
    expect(useDrafts.getState().lastModel).toEqual({ image: 'i3-2', video: 'v2-1' })
    expect(useModelPrefs.getState().recent).toEqual(['u1-1', 'i3-2'])
  })

  it('presets what a tool asks for, and does not change the Create view’s memory', () => {
    useDrafts.getState().setModel('tools', 'u1-1', 'image', { params: { upscale_factor: 2 } })
    expect(draft('tools').params).toEqual({ upscale_factor: 2 })
    expect(draft('create').modelId).toBeNull()
    expect(useDrafts.getState().lastModel).toEqual({})
  })

  it('keeps the prompt across kinds of media but not the parameters', () => {
    const d = useDrafts.getState()
    d.setModel('create', 'i1-1', 'image')
    d.setPrompt('create', 'a fox in snow')
    d.setParam('create', 'aspect_ratio', '16:9', 'i1Params.aspect_ratio')
    d.setModality('create', 'music', 'm1-1')
    expect(draft()).toMatchObject({ modality: 'music', modelId: 'm1-1', prompt: 'a fox in snow', params: {} })
  })

  it('marks each edited field touched and clears the engine’s errors on any edit', () => {
    const d = useDrafts.getState()
    d.setServerDetails('create', { 'i3Params.steps': ['Must be at most 50'] })
    d.setParam('create', 'steps', 40, 'i3Params.steps')
    expect(draft()).toMatchObject({ params: { steps: 40 }, touched: { 'i3Params.steps': true }, serverDetails: null })
    d.setServerDetails('create', { prompt: ['Required'] })
    d.setPrompt('create', 'x')
    expect(draft()).toMatchObject({ touched: { 'i3Params.steps': true, prompt: true }, serverDetails: null })
    d.setServerDetails('create', { $: ['Unknown property'] })
    d.setFreeform('create', '{"x": 1}')
    expect(draft()).toMatchObject({ freeform: '{"x": 1}', touched: { $: true }, serverDetails: null })
  })

  it('leaves a field out of the request when it is set back to nothing', () => {
    const d = useDrafts.getState()
    d.setParam('create', 'seed', 7, 'i3Params.seed')
    d.setParam('create', 'seed', undefined, 'i3Params.seed')
    expect('seed' in draft().params).toBe(false)
  })

  it('touches a path once (no new state for a second touch)', () => {
    useDrafts.getState().touch('create', '*')
    const before = draft()
    useDrafts.getState().touch('create', '*')
    expect(draft().touched).toBe(before.touched)
  })

  it('fills a draft from a gallery item and remembers its model', () => {
    useDrafts.getState().setServerDetails('create', { prompt: ['Required'] })
    useDrafts.getState().prefill('create', { modality: 'video', modelId: 'v7-2', prompt: 'waves', params: { duration: 10 } })
    expect(draft()).toMatchObject({ modality: 'video', modelId: 'v7-2', prompt: 'waves', params: { duration: 10 }, touched: {}, serverDetails: null })
    expect(useDrafts.getState().lastModel.video).toBe('v7-2')
  })

  it('keeps the two drafts apart', () => {
    useDrafts.getState().setPrompt('tools', 'sharper')
    expect(draft('create').prompt).toBe('')
    expect(draft('tools').prompt).toBe('sharper')
  })
})
