// The Submit panel: Generate comes first, so messages below it never move it, and it is
// disabled, saying both figures, when the job costs more than the team has.
import { render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { SubmitPanel } from '../../../../src/renderer/features/params/SubmitPanel'
import { useApp } from '../../../../src/renderer/stores/app'
import { resetStore } from '../fixtures'

beforeEach(() => resetStore(useApp))

const priced = (credits: number) => ({ state: 'ready' as const, credits, explanation: '5 s × 10 per second' })

describe('the Submit panel', () => {
  it('puts Generate before the price and the problems', () => {
    render(<SubmitPanel estimate={priced(50)} valid={false} details={{ prompt: ['Must not be empty'] }} busy={false} onSubmit={() => undefined} />)
    const panel = screen.getByRole('region', { name: 'Submit' })
    expect(panel.firstElementChild).toBe(screen.getByTestId('submit-job'))
    expect(screen.getByTestId('cost-breakdown').textContent).toBe('5 s × 10 per second')
  })

  it('holds back a job that costs more than the credits, saying both', () => {
    useApp.getState().setCredits(20)
    render(<SubmitPanel estimate={priced(50)} valid details={{}} busy={false} onSubmit={() => undefined} />)
    const button = screen.getByTestId('submit-job') as HTMLButtonElement
    expect(button.disabled).toBe(true)
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Not enough credits: this job costs 50 credits and the team has 20 credits.'
    )
  })

  it('lets through a job the credits cover', () => {
    useApp.getState().setCredits(50)
    render(<SubmitPanel estimate={priced(50)} valid details={{}} busy={false} onSubmit={() => undefined} />)
    expect((screen.getByTestId('submit-job') as HTMLButtonElement).disabled).toBe(false)
    expect(screen.queryByTestId('cost-short')).toBeNull()
  })
})
