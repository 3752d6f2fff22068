// A dropped file's settings: this app's own record brings its model and block back; A1111
// text goes to the model already open, and what it does not take is named.
import { beforeEach, describe, expect, it } from 'vitest'
import { restoreFromFile } from '../../../../src/renderer/features/workspace/restore-settings'
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

  it('says when the engine finds no settings', async () => {
    api.fail('settings.fromFile', { code: 'not_found', message: 'No generation settings in a.png' })
    await restoreFromFile(png())
    expect(lastToast()).toBe('No generation settings in a.png')
  })
})
