// With the Matrix panel open, Generate and Ctrl/Cmd+Enter send the matrix (after its
// confirmation), never the single job, and the side panel prices the whole matrix.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { useDrafts } from '../../../../src/renderer/stores/drafts'
import { useMatrixRuns } from '../../../../src/renderer/stores/matrix-runs'
import { useToasts } from '../../../../src/renderer/stores/toasts'
import { installFakeApi } from '../fake-api'
import { answerJobs, renderCreate, submitted } from './create-harness'

const api = installFakeApi()

beforeEach(() => {
  api.reset()
  answerJobs(api)
})

async function openMatrixWithSeeds(user: ReturnType<typeof userEvent.setup>, seeds: number) {
  await user.click(screen.getByRole('switch', { name: /Matrix/ }))
  fireEvent.change(screen.getByTestId('matrix-seed-count'), { target: { value: String(seeds) } })
}

describe('Generate with the Matrix panel open', () => {
  it('prices the whole matrix beside Generate: 1 model × 3 seeds', async () => {
    const user = userEvent.setup()
    renderCreate('i3-1', 'a lighthouse')
    await waitFor(() => expect(screen.getByTestId('cost-estimate').textContent).toBe('8 credits'))
    await openMatrixWithSeeds(user, 3)
    expect(screen.getByTestId('cost-label').textContent).toBe('Matrix total')
    await waitFor(() => expect(screen.getByTestId('cost-estimate').textContent).toBe('24 credits'))
    expect(screen.getByTestId('cost-breakdown').textContent).toBe('3 jobs × 8 = 24 credits')
  })

  it('starts its rows from the model chosen when the panel opens', async () => {
    const user = userEvent.setup()
    renderCreate('i1-1', 'a lighthouse')
    act(() => useDrafts.getState().setModel('create', 'i3-1', 'image'))
    await openMatrixWithSeeds(user, 3)
    await waitFor(() => expect(screen.getByTestId('cost-estimate').textContent).toBe('24 credits'))
    expect((screen.getByRole('checkbox', { name: /I3 · 1/ }) as HTMLInputElement).checked).toBe(true)
  })

  it('asks to confirm the matrix on Generate, and sends its 3 jobs once confirmed', async () => {
    const user = userEvent.setup()
    renderCreate('i3-1', 'a lighthouse')
    await openMatrixWithSeeds(user, 3)
    await waitFor(() => expect(screen.getByTestId('cost-estimate').textContent).toBe('24 credits'))
    await user.click(screen.getByTestId('submit-job'))
    const dialog = await screen.findByTestId('matrix-confirm-dialog')
    expect(submitted(api)).toHaveLength(0)
    await waitFor(() => expect(within(dialog).getByTestId('matrix-total').textContent).toBe('24 credits'))
    await user.click(within(dialog).getByTestId('matrix-confirm'))
    await waitFor(() => expect(submitted(api)).toHaveLength(3))
    const seeds = submitted(api).map((r) => (r.i3Params as { seed: number }).seed)
    expect(new Set(seeds).size).toBe(3)
  })

  it('keeps the confirmation open and shows why when the engine refuses the whole matrix', async () => {
    const user = userEvent.setup()
    const message = "Invalid input: jobs: At most 256 jobs in one confirmation (a matrix, a batch, a wildcard prompt's cells); nothing was sent"
    api.fail('jobs.submitConfirmed', { code: 'invalid_input', message })
    renderCreate('i3-1', 'a lighthouse')
    await openMatrixWithSeeds(user, 3)
    await waitFor(() => expect(screen.getByTestId('cost-estimate').textContent).toBe('24 credits'))
    await user.click(screen.getByTestId('submit-job'))
    const dialog = await screen.findByTestId('matrix-confirm-dialog')
    await waitFor(() => expect(within(dialog).getByTestId('matrix-total').textContent).toBe('24 credits'))
    await user.click(within(dialog).getByTestId('matrix-confirm'))
    await waitFor(() => expect(useToasts.getState().toasts.at(-1)).toMatchObject({ level: 'error', message }))
    expect(screen.getByTestId('matrix-confirm-dialog')).toBeTruthy()
    expect(useMatrixRuns.getState().runs).toEqual([])
  })

  it('asks to confirm the matrix on Ctrl+Enter too, sending nothing before', async () => {
    const user = userEvent.setup()
    renderCreate('i3-1', 'a lighthouse')
    await openMatrixWithSeeds(user, 3)
    await waitFor(() => expect(screen.getByTestId('cost-estimate').textContent).toBe('24 credits'))
    await user.keyboard('{Control>}{Enter}{/Control}')
    const dialog = await screen.findByTestId('matrix-confirm-dialog')
    expect(within(dialog).getAllByTestId('matrix-cost-row')).toHaveLength(3)
    expect(submitted(api)).toHaveLength(0)
  })

  it('sends the single job once the panel is closed again', async () => {
    const user = userEvent.setup()
    renderCreate('i3-1', 'a lighthouse')
    await openMatrixWithSeeds(user, 3)
    await user.click(screen.getByRole('switch', { name: /Matrix/ }))
    await waitFor(() => expect(screen.getByTestId('cost-estimate').textContent).toBe('8 credits'))
    await user.click(screen.getByTestId('submit-job'))
    await waitFor(() => expect(submitted(api)).toHaveLength(1))
    expect(screen.queryByTestId('matrix-confirm-dialog')).toBeNull()
  })

  it('goes past the old 36 cells, and stops at 256 with a clear message', async () => {
    const user = userEvent.setup()
    renderCreate('i3-1', 'a lighthouse')
    await openMatrixWithSeeds(user, 40)
    await waitFor(() => expect(screen.getByTestId('cost-estimate').textContent).toBe('320 credits'))
    await user.click(screen.getByRole('checkbox', { name: /I4 · 1/ }))
    fireEvent.change(screen.getByTestId('matrix-seed-count'), { target: { value: '200' } })
    expect(screen.getByTestId('cost-estimate').textContent).toBe('400 jobs is more than 256 at once; use fewer rows, prompts or seeds')
    expect((screen.getByTestId('submit-job') as HTMLButtonElement).disabled).toBe(true)
    await user.click(screen.getByTestId('matrix-review'))
    expect(screen.getByTestId('matrix-problem').textContent).toBe('400 jobs is more than 256 at once; use fewer rows, prompts or seeds')
    expect(screen.queryByTestId('matrix-confirm-dialog')).toBeNull()
  })
})
