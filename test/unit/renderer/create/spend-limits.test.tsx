// The spending limits on the page: beside Generate ("Today 480 / 500"), marked when the
// send would not fit; the confirm step when main answers that a send costs more than the
// ask-first threshold (a yes sends it again, confirmed; a no sends nothing); the limits on
// Spend, and set in Settings (an empty box clears one).
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { AskFirstDialog } from '../../../../src/renderer/app/AskFirstDialog'
import { SpendLimitsCards } from '../../../../src/renderer/features/spend/SpendLimitsCards'
import { SpendLimitsSection } from '../../../../src/renderer/features/settings/SpendLimitsSection'
import { useApp } from '../../../../src/renderer/stores/app'
import { useJobs } from '../../../../src/renderer/stores/jobs'
import { useSpendLimits } from '../../../../src/renderer/stores/spend-limits'
import { useToasts } from '../../../../src/renderer/stores/toasts'
import type { SpendStanding } from '../../../../src/shared/app/spend-limits'
import { installFakeApi } from '../fake-api'
import { jobView, resetStore, settings } from '../fixtures'
import { answerJobs, renderCreate } from './create-harness'

const api = installFakeApi()
const ASKED = 'This send costs 8 credits, above your ask-first threshold of 5 — send?'

beforeEach(() => {
  api.reset()
  answerJobs(api)
  resetStore(useSpendLimits)
  resetStore(useToasts)
})

const standing = (over: Partial<SpendStanding>): SpendStanding => ({ daily: null, monthly: null, askAbove: null, spentToday: 0, spentThisMonth: 0, ...over })

/** Main asks first unless the send carries the confirmation. */
function askFirstAbove(): void {
  api.handle('jobs.submit', ({ request, spendConfirmed }) =>
    spendConfirmed ? { ok: true, data: jobView({ localId: 'local-9', request, submission: 'accepted' }) } : { ok: false, error: { code: 'ask_first', message: ASKED } }
  )
}

async function generate(user: ReturnType<typeof userEvent.setup>) {
  await waitFor(() => expect((screen.getByTestId('submit-job') as HTMLButtonElement).disabled).toBe(false))
  await user.click(screen.getByTestId('submit-job'))
}

describe('ask first', () => {
  it('asks in main’s words and sends again, confirmed, on Send', async () => {
    const user = userEvent.setup()
    askFirstAbove()
    renderCreate('i3-1', 'a lighthouse')
    render(<AskFirstDialog />)
    await generate(user)
    const dialog = await screen.findByTestId('ask-first')
    expect(within(dialog).getByTestId('ask-first-message').textContent).toBe(ASKED)
    expect(api.callsTo('jobs.submit')).toHaveLength(1)
    await user.click(within(dialog).getByTestId('ask-first-send'))
    await waitFor(() => expect(api.callsTo('jobs.submit')).toHaveLength(2))
    expect(api.callsTo('jobs.submit')[1]).toMatchObject({ spendConfirmed: true })
    expect((api.callsTo('jobs.submit')[0] as { spendConfirmed?: boolean }).spendConfirmed).toBeUndefined()
    await waitFor(() => expect(useJobs.getState().byId['local-9']).toBeDefined())
    expect(screen.queryByTestId('ask-first-message')).toBeNull()
  })

  it('sends nothing more on Don’t send, and says so', async () => {
    const user = userEvent.setup()
    askFirstAbove()
    renderCreate('i3-1', 'a lighthouse')
    render(<AskFirstDialog />)
    await generate(user)
    await user.click(await screen.findByTestId('ask-first-cancel'))
    await waitFor(() => expect(useToasts.getState().toasts.at(-1)).toMatchObject({ level: 'error', message: 'Not sent: you chose not to send it.' }))
    expect(api.callsTo('jobs.submit')).toHaveLength(1)
    expect(Object.keys(useJobs.getState().byId)).toEqual([])
  })
})

describe('shown', () => {
  it('beside Generate: what is used of each limit, marked when this send does not fit', async () => {
    api.answer('limits.get', standing({ daily: 500, spentToday: 495, monthly: 5000, spentThisMonth: 1200 }))
    renderCreate('i3-1', 'a lighthouse')
    await waitFor(() => expect(screen.getByTestId('limit-today').textContent).toBe('495 / 500'))
    expect(screen.getByTestId('limit-month').textContent).toBe('1,200 / 5,000')
    // i3-1 costs 8: more than the 5 left today, within the month.
    await waitFor(() => expect(screen.getByTestId('limit-today').className).toBe('text-warning'))
    expect(screen.getByTestId('limit-month').className).toBe('')
  })

  it('on Spend: the limits with what is left, and none where none is set', async () => {
    api.answer('limits.get', standing({ daily: 500, spentToday: 480, askAbove: 100, spentThisMonth: 900 }))
    render(<SpendLimitsCards />)
    await waitFor(() => expect(screen.getByTestId('spend-limit-today').textContent).toBe('Today480 / 50020 credits left'))
    expect(screen.getByTestId('spend-limit-month').textContent).toBe('This monthNo limit900 credits spent')
    expect(screen.getByTestId('spend-limit-ask').textContent).toContain('100 credits')
  })
})

describe('in Settings', () => {
  it('saves a limit typed in, and clears one emptied', async () => {
    const user = userEvent.setup()
    resetStore(useApp)
    useApp.setState({ settings: settings({ monthlyCreditLimit: 5000 }) })
    api.handle('settings.update', ({ dailyCreditLimit, monthlyCreditLimit }) => ({ ok: true, data: settings({ dailyCreditLimit: dailyCreditLimit ?? null, monthlyCreditLimit: monthlyCreditLimit ?? null }) }))
    render(<SpendLimitsSection />)
    await user.type(screen.getByTestId('setting-dailyCreditLimit'), '500')
    await user.clear(screen.getByTestId('setting-monthlyCreditLimit'))
    await user.click(screen.getByTestId('save-limits'))
    await waitFor(() => expect(api.callsTo('settings.update')).toEqual([{ dailyCreditLimit: 500, monthlyCreditLimit: null }]))
    // What is shown beside Generate and on Spend is asked for again.
    await waitFor(() => expect(api.callsTo('limits.get').length).toBeGreaterThan(0))
  })

  it('names the field of a limit that is not a whole number, and does not save it', async () => {
    const user = userEvent.setup()
    resetStore(useApp)
    useApp.setState({ settings: settings() })
    render(<SpendLimitsSection />)
    await user.type(screen.getByTestId('setting-askAboveCredits'), '2.5')
    expect(await screen.findByText('Expected a whole number')).toBeTruthy()
    expect((screen.getByTestId('save-limits') as HTMLButtonElement).disabled).toBe(true)
  })
})
