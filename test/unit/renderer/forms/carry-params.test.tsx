// Settings follow the user to another model: what it takes is kept, what it does not is
// named; "Use as input" keeps the settings when another model has to take the file.
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { remixFromLibrary } from '../../../../src/renderer/components/actions/remix'
import { carryParams, droppedNote } from '../../../../src/renderer/forms/carry-params'
import { useDrafts } from '../../../../src/renderer/stores/drafts'
import { useToasts } from '../../../../src/renderer/stores/toasts'
import { getModel, type ModelInfo } from '../../../../src/shared/api'
import { installFakeApi } from '../fake-api'
import { libraryEntry, resetStore } from '../fixtures'
import { useComposer } from '../../../../src/renderer/components/composer/use-composer'
import { ComposerFields } from '../../../../src/renderer/components/composer/ComposerFields'

const IMAGE = ['image'] as const

/** The Create form with its model picker, as the view shows it. */
function FormWithPicker() {
  return <ComposerFields composer={useComposer('create', IMAGE, 'image', false)} />
}

const api = installFakeApi()
beforeEach(() => {
  api.reset()
  resetStore(useDrafts)
  resetStore(useToasts)
})

const model = (id: string): ModelInfo => getModel(id)!

describe('carrying settings to another model', () => {
  it('keeps what the new model takes with that value, and names the rest', () => {
    const carried = carryParams({ aspect_ratio: '16:9', output_format: 'png', image_size: '2K' }, model('i2-1'), { inputs: false })
    expect(carried).toEqual({ kept: { aspect_ratio: '16:9', output_format: 'png' }, dropped: ['Image size'] })
    expect(droppedNote(carried, model('i2-1'))).toBe(`Not taken by ${model('i2-1').label}: Image size`)
    // A value out of the new model's choices is not kept either.
    expect(carryParams({ output_format: 'webp' }, model('i6-1'), { inputs: false }).dropped).toEqual(['Output format'])
  })

  it('keeps a number only within the new model\'s range, and only a whole number where it takes one', () => {
    expect(carryParams({ width: 300, height: 1024, seed: 7, guidance_scale: 11 }, model('i4-1'), { inputs: false })).toEqual({
      kept: { height: 1024, seed: 7 },
      dropped: ['Width', 'Guidance scale']
    })
    expect(carryParams({ width: 3000, height: 1024.5, steps: 30, guidance: 1, image_prompt_strength: 0.5 }, model('i3-1'), { inputs: false })).toEqual({
      kept: { steps: 30, image_prompt_strength: 0.5 },
      dropped: ['Width', 'Height', 'Guidance']
    })
    // The range's ends are inside it.
    expect(carryParams({ width: 512, height: 4096 }, model('i4-1'), { inputs: false }).kept).toEqual({ width: 512, height: 4096 })
  })

  it('keeps input files on a model change in the form, but not in a remix', () => {
    const params = { image_input: ['https://cdn.example.com/a.png'] }
    expect(carryParams(params, model('i2-2'), { inputs: true }).kept).toEqual(params)
    expect(carryParams(params, model('i2-2'), { inputs: false })).toEqual({ kept: {}, dropped: [] })
  })
})

describe('Use as input', () => {
  it('keeps the settings the taking model accepts and says which it could not', async () => {
    api.answer('uploads.fromLibrary', {
      id: 'up-1', url: 'https://cdn.example.com/up-1.png', kind: 'image', contentType: 'image/png', byteSize: 10,
      expiresAt: '2099-01-01T00:00:00.000Z', localPath: 'files/job-1/0.png'
    })
    const entry = libraryEntry({ model: 'i6-1', params: { i6Params: { aspect_ratio: '16:9', output_format: 'png', image_size: '2K' } } })
    await remixFromLibrary(entry, 0)
    const draft = useDrafts.getState().drafts.create
    expect(draft.modelId).toBe('i2-1')
    expect(draft.params).toEqual({ aspect_ratio: '16:9', output_format: 'png', image_input: ['https://cdn.example.com/up-1.png'] })
    // Where the output went, and what was left behind.
    const label = model('i2-1').label
    expect(useToasts.getState().toasts.map((t) => t.message)).toContain(
      `i6-1 takes no input file, so ${label} takes it. Added as Input images of ${label}. It is sent with every job of this form until you take it out (top of the form). Not taken by ${label}: Image size`
    )
  })
})

describe('Use as input with the output\'s own model', () => {
  it('keeps every setting, puts the new upload in the input field and leaves the old inputs behind', async () => {
    api.answer('uploads.fromLibrary', {
      id: 'up-2', url: 'https://cdn.example.com/up-2.png', kind: 'image', contentType: 'image/png', byteSize: 10,
      expiresAt: '2099-01-01T00:00:00.000Z', localPath: 'files/job-1/0.png'
    })
    const entry = libraryEntry({
      model: 'i3-1',
      params: { i3Params: { aspect_ratio: '16:9', steps: 30, seed: 7, image_prompt: 'https://cdn.example.com/expired-1.png', input_images: ['https://cdn.example.com/expired-2.png'] } }
    })
    await remixFromLibrary(entry, 0)
    expect(useDrafts.getState().drafts.create).toMatchObject({
      modelId: 'i3-1',
      params: { aspect_ratio: '16:9', steps: 30, seed: 7, image_prompt: 'https://cdn.example.com/up-2.png' }
    })
    expect(useDrafts.getState().drafts.create.params).not.toHaveProperty('input_images')
  })
})

describe('changing the model in the form', () => {
  it('brings along what the new model takes', async () => {
    const user = userEvent.setup()
    useDrafts.getState().setModel('create', 'i6-1', 'image')
    render(<FormWithPicker />)
    await user.click(screen.getByRole('radio', { name: '16:9' }))
    await user.selectOptions(screen.getByTestId('model-select'), 'i7-1')
    expect(useDrafts.getState().drafts.create.params).toEqual({})
    expect(useToasts.getState().toasts.at(-1)?.message).toBe(`Not taken by ${model('i7-1').label}: Aspect ratio`)
  })
})
