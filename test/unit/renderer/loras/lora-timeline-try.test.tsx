// The training timeline a LoRA row shows, and "Try it": one prompt at several strengths,
// priced before anything is sent, then sent as one job per strength.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { LoraView } from '../../../../src/shared/app/lora-timeline'
import type { RouteInput } from '../../../../src/shared/contract'
import { LoraRow } from '../../../../src/renderer/features/loras/LoraRow'
import { TryLoraDialog } from '../../../../src/renderer/features/loras/TryLoraDialog'
import { timelineRows } from '../../../../src/renderer/features/loras/timeline-steps'
import { parseStrengths } from '../../../../src/renderer/features/loras/try-lora-plan'
import { useApp } from '../../../../src/renderer/stores/app'
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
    expect(within(steps[1]!).getByText('4 min 59 s')).toBeTruthy()
    expect(screen.getByTestId('lora-total').textContent).toBe('Trained in 5 min 00 s')
    expect(screen.getByTestId('lora-try')).toBeTruthy()
  })

  it('falls back to the service’s times for a LoRA without a recorded timeline', () => {
    render(<LoraRow lora={lora()} onGenerate={noop} onTry={noop} onRename={noop} onDelete={noop} />)
    expect(screen.getAllByTestId('lora-step').map((s) => s.dataset.status)).toEqual(['PENDING', 'TRAINING', 'READY'])
  })
})

describe('Try it', () => {
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
    api.handle('jobs.submit', (input) => ({ ok: true, data: jobView({ localId: `local-${++n}`, request: input.request }) }))
    let closed = false
    render(<TryLoraDialog lora={mine} onClose={() => (closed = true)} />)
    expect((screen.getByTestId('lora-try-prompt') as HTMLInputElement).value).toBe('zqx')
    expect((screen.getByTestId('lora-try-strengths') as HTMLInputElement).value).toBe('0.4, 0.8, 1.2')
    await user.click(screen.getByTestId('lora-try-review'))
    await waitFor(() => expect(screen.getByTestId('matrix-total').textContent).toContain('18'))
    expect(api.callsTo('jobs.submit')).toHaveLength(0)
    await user.click(screen.getByTestId('matrix-confirm'))
    await waitFor(() => expect(closed).toBe(true))
    const sent = (api.callsTo('jobs.submit') as RouteInput<'jobs.submit'>[]).map((c) => c.request)
    expect(sent).toEqual([0.4, 0.8, 1.2].map((s) => ({ model: 'i17-1', prompt: 'zqx', i17Params: { loraId: mine.id, lora_strength: s, num_outputs: 1 } })))
    expect(useLoras.getState().tryRunId).toBe(useMatrixRuns.getState().runs[0]?.id)
  })
})
