// The training timeline a LoRA row shows, and "Try it": one prompt at several strengths,
// priced before anything is sent, then sent as one job per strength.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { LoraView } from '../../../../src/shared/app/lora-timeline'
import { LoraRow } from '../../../../src/renderer/features/loras/LoraRow'
import { LorasView } from '../../../../src/renderer/features/loras/LorasView'
import { TryLoraDialog } from '../../../../src/renderer/features/loras/TryLoraDialog'
import { timelineRows } from '../../../../src/renderer/features/loras/timeline-steps'
import { parseSeed, parseStrengths } from '../../../../src/renderer/features/loras/try-lora-plan'
import { useApp } from '../../../../src/renderer/stores/app'
import { useDrafts } from '../../../../src/renderer/stores/drafts'
import { useLoras } from '../../../../src/renderer/stores/loras'
import { useMatrixRuns } from '../../../../src/renderer/stores/matrix-runs'
import { installFakeApi } from '../fake-api'
import { jobView, lora, resetStore } from '../fixtures'

const api = installFakeApi()
const noop = () => undefined

beforeEach(() => {
  api.reset()
  resetStore(useLoras)
  resetStore(useMatrixRuns)
  useApp.getState().setCredits(1000)
})

describe('training timeline', () => {
  const training: LoraView = {
    ...lora({ status: 'TRAINING', isReady: false, completedAt: null }),
    timeline: [
      { status: 'PENDING', at: '2025-01-01T10:00:00.000Z' },
      { status: 'UPLOADING', at: '2025-01-01T10:00:04.000Z' },
      { status: 'TRAINING', at: '2025-01-01T10:00:10.000Z' }
    ]
  }

  it('gives each seen step its time and length, the current one its time so far, and what is to come', () => {
    const rows = timelineRows(training, Date.parse('2025-01-01T10:01:10.000Z'))
    expect(rows.map((r) => [r.status, r.state, r.elapsedMs])).toEqual([
      ['PENDING', 'done', 4000],
      ['UPLOADING', 'done', 6000],
      ['TRAINING', 'current', 60_000],
      ['READY', 'upcoming', null]
    ])
  })

  it('shows a ready LoRA’s steps with how long training took, and offers Try it', () => {
    const ready: LoraView = { ...lora(), timeline: [{ status: 'PENDING', at: '2025-01-01T10:00:00.000Z' }, { status: 'TRAINING', at: '2025-01-01T10:00:01.000Z' }, { status: 'READY', at: '2025-01-01T10:05:00.000Z' }] }
    render(<LoraRow lora={ready} onGenerate={noop} onTry={noop} onRename={noop} onDelete={noop} />)
    const steps = screen.getAllByTestId('lora-step')
    expect(steps.map((s) => s.dataset.status)).toEqual(['PENDING', 'TRAINING', 'READY'])
    expect(within(steps[1]!).getByText('4 min, 59 sec')).toBeTruthy()
    expect(screen.getByTestId('lora-total').textContent).toBe('Trained in 5 min')
    expect(screen.getByTestId('lora-try')).toBeTruthy()
  })

  it('falls back to the service’s times for a LoRA without a recorded timeline', () => {
    render(<LoraRow lora={lora()} onGenerate={noop} onTry={noop} onRename={noop} onDelete={noop} />)
    expect(screen.getAllByTestId('lora-step').map((s) => s.dataset.status)).toEqual(['PENDING', 'TRAINING', 'READY'])
  })
})

describe('Try it', () => {
  it('reads a seed of digits from 0 to 2147483647 and nothing else', () => {
    expect(parseSeed(' 42 ')).toEqual({ value: 42 })
    expect(parseSeed('0')).toEqual({ value: 0 })
    expect(parseSeed('2147483647')).toEqual({ value: 2147483647 })
    for (const bad of ['', '-1', '2147483648', '1.5', '1e3', '0x10', 'seven']) expect(parseSeed(bad), bad).toEqual({ error: 'Enter a whole number from 0 to 2147483647' })
  })

  it('reads strengths from 0 to 1.5 and says what is wrong with one', () => {
    expect(parseStrengths('0.4, 0.8 1.2')).toEqual({ values: [0.4, 0.8, 1.2] })
    expect(parseStrengths('0.4, 2')).toEqual({ error: '“2” is not a strength from 0 to 1.5' })
    expect(parseStrengths(' ')).toEqual({ error: 'Enter at least one strength' })
  })

  it('prices the trigger word at 0.4 / 0.8 / 1.2, then sends one job per strength', async () => {
    const user = userEvent.setup()
    const mine = lora()
    api.handle('jobs.estimate', () => ({ ok: true, data: { credits: 6, explanation: '1 output' } }))
    let n = 0
    api.handleJobs((input) => ({ ok: true, data: jobView({ localId: `local-${++n}`, request: input.request }) }))
    let closed = false
    render(<TryLoraDialog lora={mine} onClose={() => (closed = true)} />)
    expect((screen.getByTestId('lora-try-prompt') as HTMLInputElement).value).toBe('zqx')
    expect((screen.getByTestId('lora-try-strengths') as HTMLInputElement).value).toBe('0.4, 0.8, 1.2')
    await user.click(screen.getByTestId('lora-try-review'))
    await waitFor(() => expect(screen.getByTestId('matrix-total').textContent).toContain('18'))
    expect(api.jobsSent()).toHaveLength(0)
    await user.click(screen.getByTestId('matrix-confirm'))
    await waitFor(() => expect(closed).toBe(true))
    const sent = api.jobsSent().map((c) => c.request)
    expect(sent).toEqual([0.4, 0.8, 1.2].map((s) => ({ model: 'i17-1', prompt: 'zqx', i17Params: { loraId: mine.id, lora_strength: s, num_outputs: 1, seed: expect.any(Number) } })))
    expect(useLoras.getState().tryRunId).toBe(useMatrixRuns.getState().runs[0]?.id)
  })

  it('gives every strength of one try the same seed, the one it shows, and a new try a seed of its own', async () => {
    const user = userEvent.setup()
    api.handle('jobs.estimate', () => ({ ok: true, data: { credits: 6, explanation: '1 output' } }))
    api.handleJobs((input) => ({ ok: true, data: jobView({ request: input.request }) }))
    const { unmount } = render(<TryLoraDialog lora={lora()} onClose={noop} />)
    const shown = Number((screen.getByTestId('lora-try-seed') as HTMLInputElement).value)
    expect(Number.isInteger(shown) && shown >= 0 && shown <= 2147483647).toBe(true)
    await user.click(screen.getByTestId('lora-try-review'))
    expect((await screen.findByRole('dialog')).textContent).toContain(`seed ${shown}`)
    await user.click(screen.getByTestId('matrix-confirm'))
    await waitFor(() => expect(api.jobsSent()).toHaveLength(3))
    const seeds = api.jobsSent().map((c) => (c.request as { i17Params: { seed?: number } }).i17Params.seed)
    expect(seeds).toEqual([shown, shown, shown])
    unmount()
    const tries = new Set<string>()
    for (let i = 0; i < 3; i++) {
      const again = render(<TryLoraDialog lora={lora()} onClose={noop} />)
      tries.add((screen.getByTestId('lora-try-seed') as HTMLInputElement).value)
      again.unmount()
    }
    expect(tries.size).toBeGreaterThan(1)
  })

  it('sends the seed the user typed, and refuses one out of range at its field', async () => {
    const user = userEvent.setup()
    api.handle('jobs.estimate', () => ({ ok: true, data: { credits: 6, explanation: '1 output' } }))
    api.handleJobs((input) => ({ ok: true, data: jobView({ request: input.request }) }))
    render(<TryLoraDialog lora={lora()} onClose={noop} />)
    const seed = screen.getByTestId('lora-try-seed')
    await user.clear(seed)
    await user.type(seed, '-3')
    expect(screen.getByText('Enter a whole number from 0 to 2147483647')).toBeTruthy()
    expect((screen.getByTestId('lora-try-review') as HTMLButtonElement).disabled).toBe(true)
    await user.clear(seed)
    await user.type(seed, '42')
    await user.click(screen.getByTestId('lora-try-review'))
    // Back from the cost review, what was typed is still there.
    await user.click(await screen.findByRole('button', { name: 'Cancel' }))
    expect((screen.getByTestId('lora-try-seed') as HTMLInputElement).value).toBe('42')
    await user.click(screen.getByTestId('lora-try-review'))
    await user.click(await screen.findByTestId('matrix-confirm'))
    await waitFor(() => expect(api.jobsSent()).toHaveLength(3))
    expect(api.jobsSent().map((c) => (c.request as { i17Params: { seed?: number } }).i17Params.seed)).toEqual([42, 42, 42])
  })
})

describe('Generate with this LoRA', () => {
  beforeEach(() => {
    resetStore(useDrafts)
    useLoras.setState({ items: [lora({ triggerWord: 'zqx' })], loaded: true })
  })

  const generate = async (prompt: string) => {
    useDrafts.getState().setPrompt('create', prompt)
    const view = render(<LorasView />)
    await userEvent.setup().click(screen.getByTestId('lora-generate'))
    view.unmount()
    return useDrafts.getState().drafts.create
  }

  it('puts the trigger word in front of the prompt already written', async () => {
    const draft = await generate('a portrait in the rain')
    expect(draft.prompt).toBe('zqx, a portrait in the rain')
    expect(draft).toMatchObject({ modelId: 'i17-1', params: { loraId: lora().id } })
  })

  it('starts an empty prompt with the trigger word', async () => {
    expect((await generate('')).prompt).toBe('zqx, ')
  })

  it('does not add the trigger word twice, whatever its case, but does add it when only part of a word matches', async () => {
    expect((await generate('a ZQX portrait')).prompt).toBe('a ZQX portrait')
    expect((await generate('zqx')).prompt).toBe('zqx')
    expect((await generate('a zqxy portrait')).prompt).toBe('zqx, a zqxy portrait')
  })
})
