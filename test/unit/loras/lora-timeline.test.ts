// The observed training timeline of LoRAs: which time each status gets, that main sees
// transitions by polling on its own, and that a restart keeps what was seen.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Lora, LoraStatus } from '../../../src/shared/api'
import { LoraTimelines, observeLora } from '../../../src/main/core/loras/lora-timelines'
import { LoraWatch } from '../../../src/main/core/loras/lora-watch'

const CREATED = '2026-01-01T10:00:00.000Z'

function lora(status: LoraStatus, over: Partial<Lora> = {}): Lora {
  return {
    id: 'l1', userId: 'u', teamId: 't', name: 'me', subjectKind: 'person', gender: null, ethnicity: null, age: null,
    status, imageCount: 15, steps: 1000, loraRank: 16, isReady: status === 'READY', error: null,
    createdAt: CREATED, startedAt: null, completedAt: null, hasWeights: status === 'READY', triggerWord: null, ...over
  }
}
const at = (iso: string) => new Date(iso)

describe('observeLora', () => {
  it('stamps PENDING at createdAt, observed steps when seen, READY at completedAt', () => {
    let steps = observeLora([], lora('PENDING'), at('2026-01-01T10:00:02Z'))
    expect(steps).toEqual([{ status: 'PENDING', at: CREATED }])
    steps = observeLora(steps, lora('UPLOADING'), at('2026-01-01T10:00:05Z'))
    steps = observeLora(steps, lora('UPLOADING'), at('2026-01-01T10:00:09Z'))
    steps = observeLora(steps, lora('TRAINING', { startedAt: '2026-01-01T10:00:20Z' }), at('2026-01-01T10:00:21Z'))
    steps = observeLora(steps, lora('READY', { startedAt: '2026-01-01T10:00:20Z', completedAt: '2026-01-01T10:05:00Z' }), at('2026-01-01T10:05:03Z'))
    expect(steps).toEqual([
      { status: 'PENDING', at: CREATED },
      { status: 'UPLOADING', at: '2026-01-01T10:00:05.000Z' },
      { status: 'TRAINING', at: '2026-01-01T10:00:20.000Z' },
      { status: 'READY', at: '2026-01-01T10:05:00.000Z' }
    ])
  })

  it('places training that passed between two looks at the service start time', () => {
    const steps = observeLora([], lora('FAILED', { startedAt: '2026-01-01T10:01:00Z', completedAt: '2026-01-01T10:02:00Z' }), at('2026-01-01T10:03:00Z'))
    expect(steps.map((s) => `${s.status} ${s.at.slice(11, 19)}`)).toEqual(['PENDING 10:00:00', 'TRAINING 10:01:00', 'FAILED 10:02:00'])
  })

  it('stamps TRAINING when first seen if a later look still saw the LoRA uploading after startedAt', () => {
    const started = { startedAt: '2026-01-01T10:00:03Z' }
    let steps = observeLora([], lora('UPLOADING', started), at('2026-01-01T10:00:04Z'))
    steps = observeLora(steps, lora('UPLOADING', started), at('2026-01-01T10:00:08Z'), { status: 'UPLOADING', at: at('2026-01-01T10:00:04Z') })
    steps = observeLora(steps, lora('TRAINING', started), at('2026-01-01T10:00:10Z'), { status: 'UPLOADING', at: at('2026-01-01T10:00:08Z') })
    expect(steps.map((s) => `${s.status} ${s.at.slice(11, 19)}`)).toEqual(['PENDING 10:00:00', 'UPLOADING 10:00:04', 'TRAINING 10:00:10'])
    // startedAt after the last look before it: the service's own time holds.
    const later = observeLora(steps.slice(0, 2), lora('TRAINING', { startedAt: '2026-01-01T10:00:09Z' }), at('2026-01-01T10:00:10Z'), { status: 'UPLOADING', at: at('2026-01-01T10:00:08Z') })
    expect(later[2]).toEqual({ status: 'TRAINING', at: '2026-01-01T10:00:09.000Z' })
  })

  it('never puts a step before the one it follows when the clocks disagree', () => {
    const steps = observeLora([], lora('UPLOADING'), at('2026-01-01T09:59:00Z'))
    expect(steps[1]).toEqual({ status: 'UPLOADING', at: CREATED })
  })
})

describe('LoraTimelines and LoraWatch', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lora-timeline-'))
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('keeps the observed timeline across a restart', async () => {
    const first = await LoraTimelines.open(dir)
    await first.observe([lora('PENDING')], at('2026-01-01T10:00:01Z'))
    await first.observe([lora('TRAINING')], at('2026-01-01T10:00:30Z'))
    await first.close()
    const again = await LoraTimelines.open(dir)
    expect(again.get('l1')).toEqual([
      { status: 'PENDING', at: CREATED },
      { status: 'TRAINING', at: '2026-01-01T10:00:30.000Z' }
    ])
    expect(again.anyUnsettled()).toBe(true)
    await again.close()
  })

  it('sees each transition by polling on its own while a LoRA is unsettled, and stops once settled', async () => {
    const stages: LoraStatus[] = ['PENDING', 'UPLOADING', 'TRAINING', 'READY']
    let calls = 0
    // Each look finds the LoRA one stage further on.
    const list = vi.fn(async () => [lora(stages[Math.min(calls++, stages.length - 1)]!)])
    const watch = await LoraWatch.open(dir, { list, intervalMs: 10 })
    try {
      await watch.refresh()
      await vi.waitFor(() => expect(list.mock.calls.length).toBeGreaterThanOrEqual(4), { timeout: 5000, interval: 10 })
    } finally {
      await watch.close()
    }
    // READY settled it: no look after the one that saw it.
    expect(list).toHaveBeenCalledTimes(4)
    const kept = await LoraTimelines.open(dir)
    expect(kept.get('l1').map((s) => s.status)).toEqual(['PENDING', 'UPLOADING', 'TRAINING', 'READY'])
    expect(kept.anyUnsettled()).toBe(false)
    await kept.close()
  })

  it('looks again at start-up when a LoRA was still training as the app closed', async () => {
    const before = await LoraTimelines.open(dir)
    await before.observe([lora('TRAINING')], at('2026-01-01T10:30:00Z'))
    await before.close()
    const list = vi.fn(async () => [lora('READY', { completedAt: '2026-01-01T11:00:00Z' })])
    const watch = await LoraWatch.open(dir, { list, intervalMs: 10 })
    watch.start()
    await vi.waitFor(() => expect(list).toHaveBeenCalled(), { timeout: 5000, interval: 10 })
    await watch.close()
    const after = await LoraTimelines.open(dir)
    expect(after.get('l1').at(-1)).toEqual({ status: 'READY', at: '2026-01-01T11:00:00.000Z' })
    await after.close()
  })

  it('does not poll when nothing is on its way', async () => {
    const list = vi.fn(async () => [])
    const watch = await LoraWatch.open(dir, { list, intervalMs: 10 })
    watch.start()
    await watch.close()
    expect(list).not.toHaveBeenCalled()
  })
})
