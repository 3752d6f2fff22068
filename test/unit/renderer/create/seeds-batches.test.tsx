// Seeds and batches on Create: the seed on screen is the seed sent; unlocked, a new one is
// drawn after each run, locked it stays; × N sends N jobs with N seeds (or N takes of a
// model without one), priced as one total and held back over the balance.
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { useCreateOptions } from '../../../../src/renderer/stores/create-options'
import { useDrafts } from '../../../../src/renderer/stores/drafts'
import { useJobs } from '../../../../src/renderer/stores/jobs'
import { useToasts } from '../../../../src/renderer/stores/toasts'
import { installFakeApi } from '../fake-api'
import { answerJobs, renderCreate, submitted } from './create-harness'

const api = installFakeApi()

beforeEach(() => {
  api.reset()
  answerJobs(api)
})

const seedInput = () => screen.getByTestId('seed-input') as HTMLInputElement
const sentSeeds = (block = 'i3Params') => submitted(api).map((r) => (r[block] as { seed?: number } | undefined)?.seed)

async function generate(user: ReturnType<typeof userEvent.setup>, jobs: number) {
  await waitFor(() => expect((screen.getByTestId('submit-job') as HTMLButtonElement).disabled).toBe(false))
  await user.click(screen.getByTestId('submit-job'))
  await waitFor(() => expect(submitted(api)).toHaveLength(jobs))
}

describe('the seed', () => {
  it('sends the seed the dice drew, then shows a new one when unlocked', async () => {
    const user = userEvent.setup()
    renderCreate('i3-1', 'a lighthouse')
    expect(seedInput().value).toBe('')
    await user.click(screen.getByTestId('seed-dice'))
    const shown = Number(seedInput().value)
    expect(Number.isInteger(shown)).toBe(true)
    await generate(user, 1)
    expect(sentSeeds()).toEqual([shown])
    await waitFor(() => expect(seedInput().value).not.toBe(String(shown)))
    expect(Number.isInteger(Number(seedInput().value))).toBe(true)
  })

  it('draws a seed when none is set, sends it and shows the next', async () => {
    const user = userEvent.setup()
    renderCreate('i3-1', 'a lighthouse')
    await generate(user, 1)
    const [sent] = sentSeeds()
    expect(Number.isInteger(sent)).toBe(true)
    expect(seedInput().value).not.toBe('')
    // The next run sends what is shown now.
    const next = Number(seedInput().value)
    await user.click(screen.getByTestId('submit-job'))
    await waitFor(() => expect(sentSeeds()).toEqual([sent, next]))
  })

  it('keeps a locked seed for the next runs, and a typed seed locks itself', async () => {
    const user = userEvent.setup()
    renderCreate('i3-1', 'a lighthouse')
    fireEvent.change(seedInput(), { target: { value: '4242' } })
    expect(screen.getByTestId('seed-lock').getAttribute('aria-pressed')).toBe('true')
    await generate(user, 1)
    await user.click(screen.getByTestId('submit-job'))
    await waitFor(() => expect(sentSeeds()).toEqual([4242, 4242]))
    expect(seedInput().value).toBe('4242')
    // Unlocked, the next run draws anew after sending the one shown.
    await user.click(screen.getByTestId('seed-lock'))
    expect(useCreateOptions.getState().seedLocked).toBe(false)
    await user.click(screen.getByTestId('submit-job'))
    await waitFor(() => expect(sentSeeds()).toEqual([4242, 4242, 4242]))
    await waitFor(() => expect(seedInput().value).not.toBe('4242'))
  })
})

describe('× N', () => {
  it('sends N jobs with N different seeds, priced as N × the unit', async () => {
    const user = userEvent.setup()
    renderCreate('i3-1', 'a lighthouse')
    fireEvent.change(seedInput(), { target: { value: '100' } })
    fireEvent.change(screen.getByTestId('batch-count'), { target: { value: '3' } })
    expect(screen.getByTestId('submit-job').textContent).toBe('Generate × 3')
    await waitFor(() => expect(screen.getByTestId('cost-estimate').textContent).toBe('24 credits'))
    expect(screen.getByTestId('cost-label').textContent).toBe('Total for 3 jobs')
    expect(screen.getByTestId('cost-breakdown').textContent).toMatch(/^3 jobs × 8 = 24 credits/)
    await generate(user, 3)
    expect(sentSeeds()).toEqual([100, 101, 102])
    // One confirmed send of the three, which the engine checks against its caps as a whole.
    expect(api.callsTo('jobs.submitConfirmed')).toHaveLength(1)
    expect(api.callsTo('jobs.submit')).toHaveLength(0)
  })

  it('shows the engine’s refusal of a batch, and nothing is taken as sent', async () => {
    const user = userEvent.setup()
    const message = 'Not sent: the app sends at most 600 jobs a minute; 599 went in the last minute, and these 3 would make 602. Nothing was sent; try again in 20 s.'
    api.fail('jobs.submitConfirmed', { code: 'rate_limited', message })
    renderCreate('i3-1', 'a lighthouse')
    fireEvent.change(screen.getByTestId('batch-count'), { target: { value: '3' } })
    await waitFor(() => expect((screen.getByTestId('submit-job') as HTMLButtonElement).disabled).toBe(false))
    await user.click(screen.getByTestId('submit-job'))
    await waitFor(() => expect(useToasts.getState().toasts.at(-1)).toMatchObject({ level: 'error', message }))
    expect(Object.keys(useJobs.getState().byId)).toEqual([])
  })

  it('says a model without a seed gets N takes of the same request, and sends them', async () => {
    const user = userEvent.setup()
    renderCreate('i6-1', 'a lighthouse')
    expect(screen.queryByTestId('seed-input')).toBeNull()
    fireEvent.change(screen.getByTestId('batch-count'), { target: { value: '2' } })
    expect(screen.getByTestId('batch-note').textContent).toMatch(/takes no seed: 2 takes of the same request/)
    await generate(user, 2)
    expect(submitted(api)[0]).toEqual(submitted(api)[1])
  })

  it('holds Generate back when the total is more than the balance', async () => {
    renderCreate('i3-1', 'a lighthouse', 20)
    await waitFor(() => expect(screen.getByTestId('cost-estimate').textContent).toBe('8 credits'))
    expect((screen.getByTestId('submit-job') as HTMLButtonElement).disabled).toBe(false)
    fireEvent.change(screen.getByTestId('batch-count'), { target: { value: '3' } })
    await waitFor(() => expect(screen.getByTestId('cost-short').textContent).toBe('Not enough credits: this costs 24 credits and the team has 20 credits.'))
    expect((screen.getByTestId('submit-job') as HTMLButtonElement).disabled).toBe(true)
  })

  it('keeps N between 1 and 16', () => {
    renderCreate('i3-1', 'a lighthouse')
    fireEvent.change(screen.getByTestId('batch-count'), { target: { value: '40' } })
    expect(useCreateOptions.getState().batch).toBe(16)
    fireEvent.change(screen.getByTestId('batch-count'), { target: { value: '0' } })
    expect(useCreateOptions.getState().batch).toBe(1)
  })
})

describe('wildcards on Generate', () => {
  it('sends one job per prompt after the confirmation', async () => {
    const user = userEvent.setup()
    renderCreate('i3-1', 'a {red|blue} car')
    await waitFor(() => expect(screen.getByTestId('cost-estimate').textContent).toBe('16 credits'))
    expect(screen.getByTestId('cost-label').textContent).toBe('Total, one job per prompt')
    await user.click(screen.getByTestId('submit-job'))
    const dialog = await screen.findByTestId('matrix-confirm-dialog')
    expect(within(dialog).getAllByTestId('matrix-cost-row').map((r) => r.querySelector('th')!.textContent)).toEqual(['“a red car”', '“a blue car”'])
    expect(submitted(api)).toHaveLength(0)
    await waitFor(() => expect((within(dialog).getByTestId('matrix-confirm') as HTMLButtonElement).disabled).toBe(false))
    await user.click(within(dialog).getByTestId('matrix-confirm'))
    await waitFor(() => expect(submitted(api).map((r) => r.prompt)).toEqual(['a red car', 'a blue car']))
  })

  it('names an unknown saved list and sends nothing', () => {
    renderCreate('i3-1', 'a __colours__ car')
    expect(screen.getByTestId('cost-estimate').textContent).toBe('Prompt: there is no saved list named __colours__')
    expect((screen.getByTestId('submit-job') as HTMLButtonElement).disabled).toBe(true)
    expect(useDrafts.getState().drafts.create.prompt).toBe('a __colours__ car')
  })
})
