// An unset field shows what the service will use, marked "default", and sends nothing; the
// price is worked out with the same default the form shows.
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { estimateCost, getModel, parseGenerationRequest } from '../../../../src/shared/api'
import { renderForm } from '../forms/composer-harness'

function field(labelText: string): HTMLElement {
  const label = screen.getByText(labelText, { selector: 'label' })
  return label.closest('.field') as HTMLElement
}

const slider = (f: HTMLElement) => within(f).getByTestId('range-slider') as HTMLInputElement
const box = (f: HTMLElement) => within(f).getByRole('textbox') as HTMLInputElement

function priced(body: Record<string, unknown>): number {
  const parsed = parseGenerationRequest(body)
  if (!parsed.ok) throw new Error('invalid')
  return estimateCost(parsed.model, parsed.request).credits
}

describe('defaults shown for unset fields', () => {
  it('music: the duration shows 30 s, the default the price uses, and is not sent', () => {
    const form = renderForm(getModel('m1-1')!)
    const duration = field('Duration (seconds)')
    expect(slider(duration).value).toBe('30')
    expect(box(duration).value).toBe('')
    expect(box(duration).placeholder).toBe('30')
    expect(within(duration).getByTestId('default-mark').textContent).toBe('default')
    const body = form.composer().body!
    expect(body).toEqual({ model: 'm1-1', prompt: '' })
    expect(priced({ ...body, prompt: 'a tune' })).toBe(30 * getModel('m1-1')!.pricing.unitCost)
  })

  it('a video duration with a few choices marks its default choice', () => {
    renderForm(getModel('v6-1')!)
    const duration = field('Duration (seconds)')
    const chosen = within(duration).getByRole('radio', { checked: true })
    expect(chosen.textContent).toBe('Default (4)')
  })

  it('a bound with no published default puts the slider at no position, not at the minimum', () => {
    const form = renderForm(getModel('i3-1')!)
    const steps = field('Steps')
    expect(steps.querySelector('.range-number')!.className).toContain('is-unknown')
    expect(box(steps).placeholder).toBe('1 – 50')
    expect(within(steps).getByTestId('default-mark')).toBeTruthy()
    expect(form.composer().body).toEqual({ model: 'i3-1', prompt: '' })
  })

  it('the count of outputs shows 1, as priced', () => {
    renderForm(getModel('i8-1')!)
    const count = field('Number of images')
    expect(slider(count).value).toBe('1')
    expect(box(count).placeholder).toBe('1')
    expect(priced({ model: 'i8-1', prompt: 'x' })).toBe(getModel('i8-1')!.pricing.unitCost)
  })
})
