// The matrix confirmation: every cell's price, the total and the balance before anything
// is sent; a total over the balance refused with both numbers; cells that cannot be sent
// named, and left out of what is confirmed.
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { MatrixConfirmDialog } from '../../../../src/renderer/components/matrix/MatrixConfirmDialog'
import { useApp } from '../../../../src/renderer/stores/app'
import type { MatrixRunPlan } from '../../../../src/renderer/stores/matrix-runs'
import { installFakeApi } from '../fake-api'
import { resetStore } from '../fixtures'

const api = installFakeApi()
const PRICES: Record<string, number> = { 'i3-1': 8, 'i4-1': 10 }

beforeEach(() => {
  api.reset()
  resetStore(useApp)
  api.handle('jobs.estimate', ({ request }) => ({ ok: true, data: { credits: PRICES[String(request.model)] ?? 0, explanation: 'flat' } }))
})

const plan: MatrixRunPlan = {
  title: 'a lighthouse · 3 models × 1 seed',
  rowLabel: 'Model',
  rowValues: ['I3 · 1', 'I4 · 1', 'I5 · character'],
  colLabel: 'Seed',
  colValues: ['7'],
  cells: [
    { row: 0, col: 0, request: { model: 'i3-1', prompt: 'a lighthouse' } },
    { row: 1, col: 0, request: { model: 'i4-1', prompt: 'a lighthouse' } },
    { row: 2, col: 0, request: { model: 'i5-character', prompt: 'a lighthouse' }, error: 'i5Params.character_reference_image: Required' }
  ]
}

describe('the matrix confirmation', () => {
  it('shows each cell’s price, the total and the balance, and sends only the cells that can go', async () => {
    useApp.getState().setCredits(500)
    const onConfirm = vi.fn()
    render(<MatrixConfirmDialog plan={plan} onConfirm={onConfirm} onClose={() => undefined} />)
    expect((await screen.findByTestId('matrix-total')).textContent).toContain('18 credits')
    expect(screen.getByTestId('matrix-balance').textContent).toContain('500 credits')
    const rows = screen.getAllByTestId('matrix-cost-row')
    expect(rows.map((r) => [r.querySelector('th')!.textContent, r.querySelector('td')!.textContent])).toEqual([
      ['I3 · 1', '8 credits'],
      ['I4 · 1', '10 credits'],
      ['I5 · character', 'i5Params.character_reference_image: Required · not sent']
    ])
    expect(within(rows[2]!).getByText(/not sent/).className).toBe('text-danger')
    // The invalid cell was never priced.
    expect(api.callsTo('jobs.estimate')).toHaveLength(2)

    const send = screen.getByTestId('matrix-confirm')
    expect(send.textContent).toContain('Send 2 jobs · 18 credits')
    await userEvent.click(send)
    expect(onConfirm).toHaveBeenCalledTimes(1)
    const sent = onConfirm.mock.calls[0]![0] as MatrixRunPlan
    expect(sent.cells.map((c) => [c.credits, c.error])).toEqual([[8, undefined], [10, undefined], [null, 'i5Params.character_reference_image: Required']])
  })

  it('refuses a total over the balance, naming both numbers', async () => {
    useApp.getState().setCredits(12)
    const onConfirm = vi.fn()
    render(<MatrixConfirmDialog plan={plan} onConfirm={onConfirm} onClose={() => undefined} />)
    expect((await screen.findByTestId('matrix-refusal')).textContent).toContain('The total, 18 credits, is more than your balance of 12 credits')
    const send = screen.getByTestId('matrix-confirm')
    expect((send as HTMLButtonElement).disabled).toBe(true)
    await userEvent.click(send)
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('sends nothing while the prices are still coming', async () => {
    useApp.getState().setCredits(500)
    let answer: () => void = () => undefined
    api.handle('jobs.estimate', () => new Promise((resolve) => (answer = () => resolve({ ok: true, data: { credits: 8, explanation: 'flat' } }))))
    render(<MatrixConfirmDialog plan={{ ...plan, cells: plan.cells.slice(0, 1) }} onConfirm={() => undefined} onClose={() => undefined} />)
    expect((screen.getByTestId('matrix-confirm') as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByRole('status').textContent).toContain('Pricing 1 cell…')
    answer()
    expect((await screen.findByTestId('matrix-total')).textContent).toContain('8 credits')
    expect((screen.getByTestId('matrix-confirm') as HTMLButtonElement).disabled).toBe(false)
  })
})
