// What the form sends for what the user does: numbers typed as text become numbers, an
// optional field set back to its default leaves the request, URL lists keep their order,
// and the character variant cannot go without its reference image.
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { submitDraft } from '../../../../src/renderer/components/submit/submit-draft'
import { buildFreeformBody, collectInputs } from '../../../../src/renderer/forms/request-body'
import { fieldsOf } from '../../../../src/renderer/forms/field-spec'
import { useDrafts } from '../../../../src/renderer/stores/drafts'
import { useJobs } from '../../../../src/renderer/stores/jobs'
import { useLoras } from '../../../../src/renderer/stores/loras'
import { useToasts } from '../../../../src/renderer/stores/toasts'
import { getModel, type ModelInfo } from '../../../../src/shared/api'
import { installFakeApi } from '../fake-api'
import { jobView, lora, resetStore } from '../fixtures'
import { renderForm } from './composer-harness'

const api = installFakeApi()
beforeEach(() => {
  api.reset()
  resetStore(useLoras)
  resetStore(useJobs)
  resetStore(useToasts)
})

const URL_A = 'https://cdn.example.com/in/a.png'
const URL_B = 'https://cdn.example.com/in/b.png'

function model(id: string): ModelInfo {
  const m = getModel(id)
  if (!m) throw new Error(`no model ${id}`)
  return m
}

const field = (label: RegExp | string) => screen.getByLabelText(label)
const fieldBox = (label: RegExp | string) => {
  const box = field(label).closest<HTMLElement>('.field')
  if (!box) throw new Error('control outside a field')
  return box
}

async function start(id: string, prompt = 'a red fox') {
  const user = userEvent.setup()
  const form = renderForm(model(id))
  if (prompt) await user.type(screen.getByTestId('prompt-input'), prompt)
  return { user, form }
}

describe('numbers typed as text', () => {
  it('are sent as numbers, decimals included', async () => {
    const { user, form } = await start('i3-4')
    await user.type(field('Steps'), '20')
    await user.type(field('Guidance'), '2.5')
    await user.type(field('Seed'), '-7')
    expect(form.composer().body).toEqual({ model: 'i3-4', prompt: 'a red fox', i3Params: { steps: 20, guidance: 2.5, seed: -7 } })
    expect(form.composer().valid).toBe(true)
  })

  it('that are not numbers are named as such at their field, and leave the request when cleared', async () => {
    const { user, form } = await start('i3-4')
    await user.type(field('Seed'), '12a')
    expect(form.composer().valid).toBe(false)
    expect(within(fieldBox('Seed')).getByTestId('field-error').textContent).toBe('Expected a whole number')
    await user.clear(field('Seed'))
    expect(form.composer().body).toEqual({ model: 'i3-4', prompt: 'a red fox' })
    expect(form.composer().valid).toBe(true)
    expect(within(fieldBox('Seed')).queryByTestId('field-error')).toBeNull()
  })

  it('outside the bounds are refused with the bound, at the field that was edited', async () => {
    const { user, form } = await start('i3-4')
    await user.type(field('Steps'), '51')
    expect(within(fieldBox('Steps')).getByTestId('field-error').textContent).toBe('Must be at most 50')
    expect(form.composer().details).toEqual({ 'i3Params.steps': ['Must be at most 50'] })
  })

  it('keep a whole-number choice a number (video durations)', async () => {
    const { user, form } = await start('v1-1')
    await user.click(within(field('Duration (seconds)')).getByRole('radio', { name: '10' }))
    expect(form.composer().body).toEqual({ model: 'v1-1', prompt: 'a red fox', v1Params: { duration: 10 } })
  })
})

describe('optional fields left empty', () => {
  it('are left out, and so is a block with nothing in it', async () => {
    const { user, form } = await start('i3-1')
    await user.click(within(field('Output format')).getByRole('radio', { name: 'png' }))
    await user.type(field('Resolution'), '1MP')
    expect(form.composer().body).toEqual({ model: 'i3-1', prompt: 'a red fox', i3Params: { output_format: 'png', resolution: '1MP' } })
    await user.click(within(field('Output format')).getByRole('radio', { name: 'Default' }))
    await user.clear(field('Resolution'))
    expect(form.composer().body).toEqual({ model: 'i3-1', prompt: 'a red fox' })
  })

  it('keep a switch turned off as false, and Reset hands it back to the service', async () => {
    const { user, form } = await start('i3-4')
    await user.click(field('Raw'))
    expect(form.composer().body).toMatchObject({ i3Params: { raw: true } })
    await user.click(field('Raw'))
    expect(form.composer().body).toMatchObject({ i3Params: { raw: false } })
    await user.click(within(fieldBox('Raw')).getByRole('button', { name: 'Reset' }))
    expect(form.composer().body).toEqual({ model: 'i3-4', prompt: 'a red fox' })
  })
})

describe('lists of URLs', () => {
  it('are sent in the order added, and an emptied list leaves the request', async () => {
    const { user, form } = await start('i2-1')
    const box = fieldBox('Input images')
    for (const url of [URL_A, URL_B]) {
      await user.type(field('Input images'), url)
      await user.click(within(box).getByRole('button', { name: 'Add' }))
    }
    expect(form.composer().body).toEqual({ model: 'i2-1', prompt: 'a red fox', i2Params: { image_input: [URL_A, URL_B] } })
    expect(within(box).getByText('2 / 14')).toBeTruthy()
    await user.click(within(box).getByRole('button', { name: 'Remove item 1' }))
    expect(form.composer().body).toMatchObject({ i2Params: { image_input: [URL_B] } })
    await user.click(within(box).getByRole('button', { name: 'Remove item 1' }))
    expect(form.composer().body).toEqual({ model: 'i2-1', prompt: 'a red fox' })
  })

  it('stop taking items at the family’s limit', async () => {
    const { user, form } = await start('i5-1')
    const box = fieldBox('Style references')
    for (let i = 0; i < 3; i++) {
      await user.type(field('Style references'), `https://cdn.example.com/style-${i}.png`)
      await user.click(within(box).getByRole('button', { name: 'Add' }))
    }
    expect(within(box).getByText('Limit reached (3)')).toBeTruthy()
    expect((field('Style references') as HTMLInputElement).disabled).toBe(true)
    expect((within(box).getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(true)
    expect((form.composer().body?.i5Params as { style_reference_images: string[] }).style_reference_images).toHaveLength(3)
    expect(form.composer().valid).toBe(true)
  })

  it('tell the library which input came from which upload', () => {
    const m = model('i2-1')
    const uploads = { [URL_B]: { uploadId: 'up-b', url: URL_B, fileName: 'b.png', kind: 'image' as const, preview: null, expiresAt: '2025-01-01T11:00:00.000Z' } }
    expect(collectInputs(fieldsOf(m.block, m.blockName), { image_input: [URL_A, URL_B] }, uploads)).toEqual([{ field: 'i2Params.image_input.1', uploadId: 'up-b' }])
  })
})

describe('required parameters', () => {
  it('hold back the character variant until its reference image is given', async () => {
    const { user, form } = await start('i5-character')
    expect(form.composer().body).toEqual({ model: 'i5-character', prompt: 'a red fox', i5Params: {} })
    expect(form.composer().details).toEqual({ 'i5Params.character_reference_image': ['Required'] })
    await user.type(field(/^Character reference/), URL_A)
    expect(form.composer().body).toEqual({ model: 'i5-character', prompt: 'a red fox', i5Params: { character_reference_image: URL_A } })
    expect(form.composer().valid).toBe(true)
  })

  it('do not burden the plain members of the family', async () => {
    const { form } = await start('i5-2')
    expect(form.composer().body).toEqual({ model: 'i5-2', prompt: 'a red fox' })
    expect(form.composer().valid).toBe(true)
  })

  it('offer the caller’s ready LoRAs for I17, by name and trigger word', async () => {
    useLoras.setState({ items: [lora({ name: 'My face', triggerWord: 'zqx' }), lora({ id: '44444444-4444-4444-8444-444444444444', name: 'Still training', status: 'TRAINING', isReady: false })], loaded: true })
    const { user, form } = await start('i17-1', 'zqx portrait')
    const select = field(/^LoRA( \*)?$/) as HTMLSelectElement
    expect([...select.options].map((o) => o.textContent)).toEqual(['Choose a LoRA…', 'My face · zqx'])
    await user.selectOptions(select, 'My face · zqx')
    expect(form.composer().body).toEqual({ model: 'i17-1', prompt: 'zqx portrait', i17Params: { loraId: lora().id } })
    expect(form.composer().valid).toBe(true)
  })
})

describe('submitting', () => {
  it('sends the body with the uploads it uses, and keeps the job', async () => {
    const { user, form } = await start('i1-1')
    await user.type(field('Aspect ratio'), '16:9')
    const sent = jobView({ localId: 'sent-1', submission: 'accepted', status: 'QUEUED', jobId: 'j-1' })
    api.answer('jobs.submit', sent)
    expect(await submitDraft(form.composer())).toBe(true)
    expect(api.callsTo('jobs.submit')).toEqual([{ request: { model: 'i1-1', prompt: 'a red fox', i1Params: { aspect_ratio: '16:9' } } }])
    expect(useJobs.getState().byId['sent-1']).toEqual(sent)
    expect(useToasts.getState().toasts.at(-1)).toMatchObject({ level: 'success' })
  })

  it('does not send an invalid request, and reveals every problem', async () => {
    const { form } = await start('u1-1', '')
    expect(await submitDraft(form.composer())).toBe(false)
    expect(api.callsTo('jobs.submit')).toEqual([])
    expect(useDrafts.getState().drafts.create.touched['*']).toBe(true)
    expect(await screen.findByText('Required')).toBeTruthy()
  })

  it('shows the engine’s verdict on the fields it names', async () => {
    const { form } = await start('i1-1')
    api.fail('jobs.submit', { code: 'validation', message: 'Invalid request', details: { prompt: ['Must not mention #banned'] } })
    expect(await submitDraft(form.composer())).toBe(false)
    expect(await within(fieldBox('Prompt *')).findByText('Must not mention #banned')).toBeTruthy()
    expect(useToasts.getState().toasts.at(-1)).toMatchObject({ level: 'error', message: 'Invalid request' })
  })
})

describe('models the app does not know', () => {
  it('send the JSON the user wrote, with the chosen model and prompt', () => {
    expect(buildFreeformBody('x9-1', 'a fox', '{"x9Params": {"speed": 2}, "model": "other"}')).toEqual({ ok: true, body: { x9Params: { speed: 2 }, model: 'x9-1', prompt: 'a fox' } })
    expect(buildFreeformBody('x9-1', '', '  ')).toEqual({ ok: true, body: { model: 'x9-1' } })
  })

  it('refuse JSON that is broken or not an object', () => {
    expect(buildFreeformBody('x9-1', 'a', '{"x": ')).toMatchObject({ ok: false, message: expect.stringMatching(/^Not valid JSON: /) })
    expect(buildFreeformBody('x9-1', 'a', '[1]')).toEqual({ ok: false, message: 'Must be a JSON object' })
  })
})
