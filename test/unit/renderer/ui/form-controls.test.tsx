// The form's controls: segments for a few choices (arrow keys move the choice), a slider
// beside the box of a bounded number, and messages tied to their control.
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { ParamField } from '../../../../src/renderer/components/composer/ParamField'
import type { FieldSpec } from '../../../../src/renderer/forms/field-spec'
import { sliderStep } from '../../../../src/renderer/ui/RangeNumber'
import { Segmented } from '../../../../src/renderer/ui/Segmented'

function Choice() {
  const [value, setValue] = useState('b')
  return (
    <>
      <span id="l">Format</span>
      <Segmented id="s" value={value} onChange={setValue} labelledBy="l" options={['a', 'b', 'c'].map((v) => ({ value: v, label: v }))} />
    </>
  )
}

const guidance: FieldSpec = { key: 'guidance', path: 'x.guidance', label: 'Guidance', kind: 'number', required: false, nullable: false, min: 0, max: 20 }

describe('segments', () => {
  it('are one radio group named by its label, with only the chosen one in the tab order', async () => {
    render(<Choice />)
    const group = screen.getByRole('radiogroup', { name: 'Format' })
    const radios = within(group).getAllByRole('radio')
    expect(radios.map((r) => r.tabIndex)).toEqual([-1, 0, -1])
    radios[1]!.focus()
    await userEvent.keyboard('{ArrowRight}')
    expect(within(group).getByRole('radio', { checked: true }).textContent).toBe('c')
    expect(document.activeElement?.textContent).toBe('c')
    await userEvent.keyboard('{ArrowRight}')
    expect(within(group).getByRole('radio', { checked: true }).textContent).toBe('a')
  })
})

describe('a bounded number', () => {
  it('has a slider with its bounds and a step of about a hundredth', async () => {
    let sent: unknown
    render(<ParamField spec={guidance} idPrefix="t" value={undefined} errors={[]} onChange={(v) => (sent = v)} />)
    const slider = screen.getByRole('slider', { name: 'Guidance (slider)' }) as HTMLInputElement
    expect([slider.min, slider.max, slider.step]).toEqual(['0', '20', '0.2'])
    expect(sliderStep(1, 50, true)).toBe(1)
    expect(sliderStep(0, 1)).toBe(0.01)
    expect(sliderStep(0, 3)).toBe(0.05)
    // The box says what it takes, and the hint is read with it.
    const box = screen.getByLabelText('Guidance')
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Number from 0 to 20')
    await userEvent.type(box, '3')
    expect(sent).toBe(3)
  })

  it('names its problem through aria-describedby', () => {
    render(<ParamField spec={guidance} idPrefix="t" value={25} errors={[{ path: 'x.guidance', messages: ['Must be at most 20'] }]} onChange={() => undefined} />)
    const box = screen.getByLabelText('Guidance')
    expect(box.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Must be at most 20')
  })
})

describe('every kind of field', () => {
  const kinds: FieldSpec[] = [
    { key: 'image', path: 'x.image', label: 'Image', kind: 'uri', required: true, nullable: false },
    { key: 'image_input', path: 'x.image_input', label: 'Input images', kind: 'uri-list', required: false, nullable: false, maxItems: 4 },
    { key: 'style', path: 'x.style', label: 'Style', kind: 'enum', required: false, nullable: false, options: ['a', 'b'] },
    { key: 'sampler', path: 'x.sampler', label: 'Sampler', kind: 'enum', required: false, nullable: false, options: ['a', 'b', 'c', 'd', 'e', 'f'] },
    { key: 'negative_prompt', path: 'x.negative_prompt', label: 'Negative prompt', kind: 'text', required: false, nullable: false, multiline: true },
    { key: 'extra', path: 'x.extra', label: 'Extra', kind: 'json', required: false, nullable: false },
    { key: 'lora', path: 'x.lora', label: 'LoRA', kind: 'lora', required: false, nullable: false }
  ]
  it.each(kinds.map((k) => [k.kind, k] as const))('ties its message to its control (%s)', (_kind, spec) => {
    render(<ParamField spec={spec} idPrefix="t" value={undefined} errors={[{ path: spec.path, messages: ['Something is wrong'] }]} onChange={() => undefined} />)
    const described = [...document.querySelectorAll('[aria-describedby]')].map((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent)
    expect(described).toContain('Something is wrong')
  })
})
