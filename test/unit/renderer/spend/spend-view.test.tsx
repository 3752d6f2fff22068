// The Spend view shows the totals and per-model figures main adds up, switches to the
// team's jobs only for admins and owners, and exports the same figures as CSV.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { SpendView } from '../../../../src/renderer/features/spend/SpendView'
import { spendCsv, spendFileName } from '../../../../src/renderer/features/spend/spend-csv'
import { useApp } from '../../../../src/renderer/stores/app'
import { useSpend } from '../../../../src/renderer/stores/spend'
import type { SpendScope, SpendSummary } from '../../../../src/shared/app/spend'
import { installFakeApi } from '../fake-api'
import { account, resetStore } from '../fixtures'

const api = installFakeApi()

function summary(scope: SpendScope, spent: number): SpendSummary {
  return {
    scope,
    days: [
      { date: '2026-03-30', spent: 0, refunded: 5, jobs: 1, balance: 100 + spent },
      { date: '2026-03-31', spent, refunded: 0, jobs: 2, balance: 100 }
    ],
    models: [{ model: 'i1-1', spent, refunded: 5, jobs: 3 }],
    totals: { spent, refunded: 5, jobs: 3 },
    balance: 100
  }
}

beforeEach(() => {
  api.reset()
  resetStore(useApp)
  resetStore(useSpend)
  api.handle('spend.summary', ({ scope }) => ({ ok: true, data: summary(scope, scope === 'team' ? 70 : 7) }))
})

describe('SpendView', () => {
  it("shows my spend, and the team's for an owner", async () => {
    useApp.setState({ me: account(100) }) // OWNER
    render(<SpendView />)
    await waitFor(() => expect(screen.getByTestId('spend-totals').textContent).toContain('7 credits'))
    expect(screen.getByTestId('spend-models').textContent).toContain('i1-1')
    fireEvent.click(screen.getByRole('tab', { name: "Team’s jobs" }))
    await waitFor(() => expect(screen.getByTestId('spend-totals').textContent).toContain('70 credits'))
    expect(api.callsTo('spend.summary')).toEqual([{ scope: 'mine' }, { scope: 'team' }])
  })

  it("exports only the figures of the jobs chosen: not mine while the team's are on their way", async () => {
    useApp.setState({ me: account(100) }) // OWNER
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    api.handle('spend.summary', async ({ scope }) => {
      if (scope === 'team') await held
      return { ok: true, data: summary(scope, scope === 'team' ? 70 : 7) }
    })
    render(<SpendView />)
    await waitFor(() => expect(screen.getByTestId('spend-export')).toHaveProperty('disabled', false))
    fireEvent.click(screen.getByRole('tab', { name: "Team’s jobs" }))
    await waitFor(() => expect(api.callsTo('spend.summary')).toHaveLength(2))
    expect(screen.getByTestId('spend-export')).toHaveProperty('disabled', true)
    release()
    await waitFor(() => expect(screen.getByTestId('spend-export')).toHaveProperty('disabled', false))
    expect(screen.getByTestId('spend-totals').textContent).toContain('70 credits')
  })

  it('offers no team switch to a member', async () => {
    const me = account(100)
    useApp.setState({ me: { ...me, user: { ...me.user, role: 'MEMBER' } } })
    render(<SpendView />)
    await waitFor(() => expect(screen.getByTestId('spend-totals')).toBeTruthy())
    expect(screen.queryByRole('tab')).toBeNull()
  })

  it('says why when the figures cannot be added up', async () => {
    api.fail('spend.summary', { code: 'network', message: 'Cannot reach api.example.com' })
    render(<SpendView />)
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Cannot reach api.example.com'))
  })
})

describe('spendCsv', () => {
  it('writes a row per day, then a row per model', () => {
    const csv = spendCsv(summary('mine', 7))
    expect(csv.split('\r\n')).toEqual([
      'date,spent,refunded,jobs,balance',
      '2026-03-30,0,5,1,107',
      '2026-03-31,7,0,2,100',
      '',
      'model,spent,refunded,jobs',
      'i1-1,7,5,3',
      ''
    ])
    expect(spendFileName(summary('team', 1))).toBe('mediagen-spend-team-2026-03-31.csv')
  })

  it('quotes cells and defuses spreadsheet formulas in model names', () => {
    const s = summary('mine', 1)
    s.models = [{ model: '=cmd,"x"', spent: 1, refunded: 0, jobs: 1 }]
    expect(spendCsv(s)).toContain(`"'=cmd,""x""",1,0,1`)
  })
})
