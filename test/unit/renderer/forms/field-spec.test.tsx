// Every one of the service's 60 models gets a form that matches its parameter block as the
// spec describes it: each parameter shown with the right control, bounds and choices,
// required ones marked; and the request the form builds validates as the service validates.
import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { ModelPicker } from '../../../../src/renderer/components/composer/ModelPicker'
import { modelOptions } from '../../../../src/renderer/components/composer/model-options'
import { labelFor } from '../../../../src/renderer/forms/field-labels'
import { optionLabel } from '../../../../src/renderer/forms/option-labels'
import { formatNumber } from '../../../../src/renderer/format/numbers'
import { knownDefault, listModels, parseGenerationRequest, type ModelInfo } from '../../../../src/shared/api'
import { installFakeApi } from '../fake-api'
import { renderForm } from './composer-harness'
import { SPEC_BLOCKS, specOf, type ParamSpec } from './spec-blocks'

const api = installFakeApi()
beforeEach(() => api.reset())

const URL_IN = 'https://cdn.example.com/in/photo.png'
const LORA_ID = '3f1c2b7e-9d4a-4c1e-8b2f-6a5d4c3b2a19'

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** A field's label as shown: its name, with " *" after a required one. */
const labelled = (name: string) => new RegExp(`^${escape(name)}( \\*)?$`)

function fieldOf(control: HTMLElement): HTMLElement {
  const field = control.closest<HTMLElement>('.field')
  if (!field) throw new Error('control outside a form field')
  return field
}

function shownLabels(form: HTMLElement): string[] {
  return [...form.querySelectorAll('label.field-label')].map((l) => (l.textContent ?? '').replace(/ \*$/, ''))
}

function rangeHint(p: { kind: 'int' | 'number'; min?: number; max?: number }): string | null {
  const what = p.kind === 'int' ? 'Whole number' : 'Number'
  if (p.min !== undefined && p.max !== undefined) return `${what} from ${formatNumber(p.min)} to ${formatNumber(p.max)}`
  return p.kind === 'int' ? what : null
}

/** Checks what the user sees for one parameter. */
function expectControl(form: HTMLElement, key: string, p: ParamSpec, model: ModelInfo): void {
  // An unset field names the service's default where it is published, and sends nothing.
  const fallback = knownDefault(model, key)
  const defaultLabel = fallback === undefined ? 'Default' : `Default (${formatNumber(fallback)})`
  const name = labelFor(key)
  const control = within(form).getByLabelText(labelled(name))
  const field = fieldOf(control)
  const label = field.querySelector('label.field-label')
  expect(label?.querySelector('[aria-label="required"]') !== null, `${key} marked required`).toBe(p.required === true)

  switch (p.kind) {
    case 'enum': {
      // A few choices are all in sight, as segments; more keep a drop-down.
      if (p.options.length <= 5) {
        expect(control.getAttribute('role'), key).toBe('radiogroup')
        const radios = within(control).getAllByRole('radio')
        expect(radios.map((r) => r.textContent), key).toEqual([...(p.required ? [] : [defaultLabel]), ...p.options.map(optionLabel)])
        expect(radios.filter((r) => r.getAttribute('aria-checked') === 'true').map((r) => r.textContent), key).toEqual(p.required ? [] : [defaultLabel])
        break
      }
      // More are found by typing: a combobox whose list offers exactly the choices.
      expect(control.getAttribute('role'), key).toBe('combobox')
      expect((control as HTMLInputElement).value, key).toBe('')
      expect(control.getAttribute('placeholder'), key).toBe(p.required ? 'Choose…' : defaultLabel)
      fireEvent.click(control)
      const listbox = document.getElementById(control.getAttribute('aria-controls')!)!
      const options = within(listbox).getAllByRole('option').map((o) => o.textContent)
      expect(options, key).toEqual([...(p.required ? [] : [defaultLabel]), ...p.options.map(optionLabel)])
      fireEvent.click(control)
      break
    }
    case 'int':
    case 'number': {
      expect(control, key).toBeInstanceOf(HTMLInputElement)
      // A bounded number gets a slider beside its box, with the same bounds.
      const slider = field.querySelector<HTMLInputElement>('input[type="range"]')
      const bounded = p.min !== undefined && p.max !== undefined && (p.kind !== 'int' || p.max - p.min <= 10_000)
      expect(slider !== null, `${key} has a slider`).toBe(bounded)
      if (slider) expect([slider.min, slider.max], key).toEqual([String(p.min), String(p.max)])
      expect(control.getAttribute('inputmode'), key).toBe(p.kind === 'int' ? 'numeric' : 'decimal')
      // The seed is drawn at Generate when empty; a published default is shown as the
      // box's placeholder (and the slider sits there); else the box gives its bounds.
      const placeholder = key === 'seed' ? 'random' : fallback !== undefined ? String(fallback) : p.min !== undefined && p.max !== undefined ? `${p.min} – ${p.max}` : null
      expect(control.getAttribute('placeholder'), key).toBe(placeholder)
      if (slider) expect(slider.value, key).toBe(String(fallback ?? p.min))
      const hint = rangeHint(p)
      if (hint) expect(field.textContent, key).toContain(hint)
      else expect(field.querySelector('.field-hint'), key).toBeNull()
      expect((control as HTMLInputElement).value, key).toBe('')
      break
    }
    case 'boolean':
      expect(control.getAttribute('role'), key).toBe('switch')
      expect((control as HTMLInputElement).checked, key).toBe(false)
      expect(field.textContent, key).toContain('Service default')
      break
    case 'text':
      expect(control.tagName, key).toBe(p.long ? 'TEXTAREA' : 'INPUT')
      if (p.ratio) expect(field.textContent, key).toContain('Width:height, e.g. 16:9')
      if (p.max !== undefined) expect(field.textContent, key).toContain(`Up to ${p.max.toLocaleString()} characters`)
      else expect(field.textContent, key).not.toMatch(/Up to [\d,]+ characters/)
      break
    case 'uri':
      expect(control.getAttribute('placeholder'), key).toBe('…or paste a URL (https://…)')
      expect(within(field).getByRole('button', { name: `Choose file for ${name}` })).toBeTruthy()
      break
    case 'uri-list':
      expect(control.getAttribute('placeholder'), key).toBe('…or paste a URL and press Add')
      expect(within(field).getByRole('button', { name: `Choose files for ${name}` })).toBeTruthy()
      expect(within(field).getByText(p.max !== undefined ? `0 / ${p.max}` : '0')).toBeTruthy()
      break
    case 'lora':
      expect(control.getAttribute('placeholder'), key).toBe('LoRA id (UUID)')
      break
  }
}

/** Gives a required parameter a valid value the way a user would. */
async function fillRequired(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, key: string, p: ParamSpec): Promise<unknown> {
  const control = within(form).getByLabelText(labelled(labelFor(key)))
  switch (p.kind) {
    case 'uri':
      await user.click(control)
      await user.paste(URL_IN)
      return URL_IN
    case 'lora':
      await user.click(control)
      await user.paste(LORA_ID)
      return LORA_ID
    case 'enum': {
      const first = p.options[0]!
      if (control.getAttribute('role') === 'radiogroup') await user.click(within(control).getByRole('radio', { name: optionLabel(first) }))
      else {
        await user.click(control)
        await user.keyboard(`${optionLabel(first)}{Enter}`)
      }
      return first
    }
    default:
      throw new Error(`no way to fill a required ${p.kind}`)
  }
}

const MODELS = listModels()

describe('the spec tables', () => {
  it('cover the 60 models of the registry, each once', () => {
    const covered = SPEC_BLOCKS.flatMap((b) => b.models)
    expect(MODELS).toHaveLength(60)
    expect([...covered].sort()).toEqual(MODELS.map((m) => m.id).sort())
  })
})

describe('the model picker', () => {
  const offered = (kinds: readonly ModelInfo['kind'][], modality: ModelInfo['modality'] | null) => {
    const options = modelOptions([], kinds, modality, true)
    const { unmount } = render(<ModelPicker id="m" options={options} value={options[0]} onChange={() => undefined} offline={false} />)
    const select = screen.getByTestId('model-select') as HTMLSelectElement
    const ids = [...select.options].map((o) => o.value)
    unmount()
    return ids
  }

  it('offers every model once across Create’s three tabs and the Tools view', () => {
    const image = offered(['image'], 'image')
    const video = offered(['video'], 'video')
    const music = offered(['music'], 'music')
    const tools = offered(['upscale', 'edit', 'background'], 'image')
    expect([image.length, video.length, music.length, tools.length]).toEqual([42, 11, 2, 5])
    expect([...image, ...video, ...music, ...tools].sort()).toEqual(MODELS.map((m) => m.id).sort())
  })
})

describe.each(MODELS.map((m): [string, ModelInfo] => [m.id, m]))('form of %s', (_id, model) => {
  const spec = specOf(model.id)
  if (!spec) throw new Error(`no spec table for ${model.id}`)

  it('shows every parameter of its block with the right control, bounds and choices', () => {
    renderForm(model)
    expect(model.blockName).toBe(spec.block)
    const form = screen.getByTestId('params-form')
    expect(shownLabels(form).sort()).toEqual(Object.keys(spec.params).map(labelFor).sort())
    for (const [key, p] of Object.entries(spec.params)) expectControl(form, key, p, model)
    // The prompt box is there exactly when the envelope has a prompt.
    expect(screen.queryByTestId('prompt-input') !== null).toBe(spec.prompt)
  })

  it('builds a request the service accepts once what is required is filled in', async () => {
    const user = userEvent.setup()
    const form = renderForm(model)
    const requiredParams = Object.entries(spec.params).filter(([, p]) => p.required)

    // Untouched, the form's request lacks exactly what is required, no more.
    const untouched = parseGenerationRequest(form.composer().body, [model.kind])
    const missing = [...(spec.prompt ? ['prompt'] : []), ...requiredParams.map(([k]) => `${spec.block}.${k}`)]
    if (missing.length === 0) expect(untouched.ok).toBe(true)
    else expect(untouched.ok ? [] : Object.keys(untouched.details).sort()).toEqual(missing.sort())
    expect(form.composer().valid).toBe(missing.length === 0)

    const expected: Record<string, unknown> = { model: model.id }
    if (spec.prompt) {
      await user.type(screen.getByTestId('prompt-input'), 'a red fox')
      expected.prompt = 'a red fox'
    }
    const block: Record<string, unknown> = {}
    const params = screen.getByTestId('params-form')
    for (const [key, p] of requiredParams) block[key] = await fillRequired(user, params, key, p)
    if (spec.blockRequired || requiredParams.length > 0) expected[spec.block] = block

    const body = form.composer().body
    expect(body).toEqual(expected)
    expect(parseGenerationRequest(body, [model.kind]).ok).toBe(true)
    expect(form.composer().valid).toBe(true)
  })
})
