// A dropped file's settings: this app's own record brings its model and block back; A1111
// text goes to the model already open, and what it does not take is named.
import { beforeEach, describe, expect, it } from 'vitest'
import { restoreFromFile } from '../../../../src/renderer/features/create/restore-settings'
import { useDrafts } from '../../../../src/renderer/stores/drafts'
import { useToasts } from '../../../../src/renderer/stores/toasts'
import { installFakeApi } from '../fake-api'
import { resetStore } from '../fixtures'

const api = installFakeApi()
beforeEach(() => {
  api.reset()
  resetStore(useDrafts)
  resetStore(useToasts)
})

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' })
const lastToast = () => useToasts.getState().toasts.at(-1)?.message

describe('settings from a dropped file', () => {
  it('bring back the model, prompt and block this app saved, without old input URLs', async () => {
    api.answer('settings.fromFile', {
      source: 'mediagen', model: 'i2-1', prompt: 'a harbour', parameters: null, params: {},
      request: { model: 'i2-1', prompt: 'a harbour', i2Params: { resolution: '2K', image_input: ['https://cdn.example.com/old.png'] } }
    })
    await restoreFromFile(png())
    expect(useDrafts.getState().drafts.create).toMatchObject({ modelId: 'i2-1', prompt: 'a harbour', params: { resolution: '2K' } })
    expect(lastToast()).toMatch(/^Settings from a\.png loaded into /)
  })

  it('give A1111 settings to the open model, keeping its own, and name what it does not take', async () => {
    useDrafts.getState().setModel('create', 'i11-1', 'image')
    useDrafts.getState().setParam('create', 'output_format', 'png', 'i11Params.output_format')
    api.answer('settings.fromFile', {
      source: 'a1111', model: null, prompt: 'a cat', request: null, parameters: 'a cat\nSteps: 30, Seed: 5',
      params: { seed: 5, sampler: 'Euler a' }
    })
    await restoreFromFile(png())
    expect(useDrafts.getState().drafts.create).toMatchObject({ modelId: 'i11-1', prompt: 'a cat', params: { output_format: 'png', seed: 5 } })
    expect(lastToast()).toMatch(/Not taken by .+: Sampler$/)
  })

  const a1111 = (params: Record<string, string | number>) =>
    api.answer('settings.fromFile', { source: 'a1111', model: null, prompt: 'a cat', request: null, parameters: 'a cat\nSteps: 30, Seed: 5, Model: x', params })
  const draftParams = () => useDrafts.getState().drafts.create.params

  it("give CFG scale, steps, seed and size to the open model's own fields, replacing the draft's values", async () => {
    useDrafts.getState().setModel('create', 'i3-4', 'image')
    for (const [k, v] of [['steps', 10], ['guidance', 2], ['width', 1024], ['output_format', 'jpg']] as const) useDrafts.getState().setParam('create', k, v, `i3Params.${k}`)
    a1111({ steps: 30, guidance_scale: 7.5, seed: 42, width: 512, height: 768 })
    await restoreFromFile(png())
    expect(draftParams()).toEqual({ steps: 30, guidance: 7.5, seed: 42, width: 512, height: 768, output_format: 'jpg' })

    useDrafts.getState().setModel('create', 'i11-1', 'image')
    useDrafts.getState().setParam('create', 'guidance_scale', 2, 'i11Params.guidance_scale')
    a1111({ steps: 30, guidance_scale: 7.5 })
    await restoreFromFile(png())
    expect(draftParams()).toMatchObject({ num_inference_steps: 30, guidance_scale: 7.5 })
  })

  it('name a value the model cannot take, and do not leave the old value standing in for it', async () => {
    useDrafts.getState().setModel('create', 'i11-1', 'image')
    useDrafts.getState().setParam('create', 'num_inference_steps', 20, 'i11Params.num_inference_steps')
    a1111({ steps: 400, seed: 5 })
    await restoreFromFile(png())
    expect(draftParams()).toEqual({ seed: 5 })
    expect(lastToast()).toMatch(/Not taken by .+: Inference steps$/)

    useDrafts.getState().setModel('create', 'i7-1', 'image')
    a1111({ steps: 30, width: 768, height: 512 })
    await restoreFromFile(png())
    expect(draftParams()).toEqual({ aspect_ratio: '3:2' })
    expect(lastToast()).toMatch(/Not taken by .+: Steps$/)
  })

  it('turn a size into the nearest aspect ratio the model offers', async () => {
    useDrafts.getState().setModel('create', 'i13-1', 'image')
    a1111({ width: 1920, height: 1080 })
    await restoreFromFile(png())
    expect(draftParams()).toEqual({ aspect_ratio: '16:9' })

    useDrafts.getState().setModel('create', 'i1-1', 'image')
    a1111({ width: 1024, height: 768 })
    await restoreFromFile(png())
    expect(draftParams()).toEqual({ aspect_ratio: '4:3' })
  })

  it('clear a setting the file left to the model, so its default applies', async () => {
    useDrafts.getState().setModel('create', 'i3-4', 'image')
    useDrafts.getState().setParam('create', 'steps', 10, 'i3Params.steps')
    a1111({ steps: 'model default', seed: 3 })
    await restoreFromFile(png())
    expect(draftParams()).toEqual({ seed: 3 })
    expect(lastToast()).not.toMatch(/Not taken/)
  })

  it('take no number a file gets wrong: not finite, past the safe range or the model\'s bounds, or not a number at all', async () => {
    useDrafts.getState().setModel('create', 'i3-4', 'image')
    useDrafts.getState().setParam('create', 'output_format', 'png', 'i3Params.output_format')
    // As main hands them on: what is no plain decimal stays text.
    a1111({ steps: '1e309', guidance_scale: 'NaN', seed: -1e23, strength: '0x10' })
    await restoreFromFile(png())
    expect(draftParams()).toEqual({ output_format: 'png' })
    expect(lastToast()).toMatch(/Not taken by I3 · 4: (?=.*Steps)(?=.*Guidance)(?=.*Seed)/)

    a1111({ steps: 51, guidance_scale: 1e308, seed: 2 ** 53, width: 4096, height: 512 })
    await restoreFromFile(png())
    expect(draftParams()).toEqual({ output_format: 'png', height: 512 })
    expect(lastToast()).toMatch(/Not taken by I3 · 4: (?=.*Steps)(?=.*Guidance)(?=.*Seed)(?=.*Width)/)
    expect(lastToast()).not.toMatch(/Height/)

    // A size that is no whole number of pixels is not turned into a ratio either.
    useDrafts.getState().setModel('create', 'i13-1', 'image')
    for (const width of ['Infinity', 1e30, 0, 1920.5]) {
      a1111({ width, height: 1080 })
      await restoreFromFile(png())
      expect(draftParams(), String(width)).toEqual({})
      expect(lastToast(), String(width)).toMatch(/Not taken by .+: Size$/)
    }
  })

  it("take no number this app's own record gets wrong, naming each field", async () => {
    for (const [steps, guidance, seed] of [['Infinity', 'NaN', -1e23], ['  12 ', '0x10', 1.5], [0, 11, 'Infinity']] as const) {
      api.answer('settings.fromFile', {
        source: 'mediagen', model: 'i3-4', prompt: 'a harbour', parameters: null, params: {},
        request: { model: 'i3-4', prompt: 'a harbour', i3Params: { steps, guidance, seed, output_format: 'webp' } }
      })
      await restoreFromFile(png())
      expect(draftParams(), String([steps, guidance, seed])).toEqual({ output_format: 'webp' })
      expect(lastToast()).toBe('Settings from a.png loaded into I3 · 4. Not taken by I3 · 4: Steps, Guidance, Seed')
    }
  })

  it('says when the engine finds no settings', async () => {
    api.fail('settings.fromFile', { code: 'not_found', message: 'No generation settings in a.png' })
    await restoreFromFile(png())
    expect(lastToast()).toBe('No generation settings in a.png')
  })
})
