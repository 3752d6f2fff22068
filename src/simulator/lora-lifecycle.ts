// LoRA training: PENDING → UPLOADING → TRAINING → READY over a few seconds at speed 1,
// or FAILED when the name asks for it (`#fail`). Deleting makes it ARCHIVED and stops it.
// Each stage is derived from the record, so a restart carries on where it stood.
import type { ServiceState } from './service-state'
import type { LoraRecord } from './state/types'

/** How long each stage lasts at speed 1. */
const STAGE_MS = { PENDING: 400, UPLOADING: 800, TRAINING: 2500 } as const
export const SIMULATED_TRAINING_FAILURE = 'Simulated training failure'

export class LoraRunner {
  private readonly timers = new Map<string, NodeJS.Timeout>()
  private closed = false

  constructor(private readonly sim: ServiceState) {}

  /** Schedules the LoRA's next stage, if it has one. */
  start(lora: LoraRecord): void {
    if (this.closed) return
    const stage = lora.status
    if (stage !== 'PENDING' && stage !== 'UPLOADING' && stage !== 'TRAINING') return
    this.stop(lora)
    const timer = setTimeout(() => {
      this.timers.delete(lora.id)
      if (!this.closed && lora.status === stage) this.advance(lora)
    }, STAGE_MS[stage] / this.sim.config.speed)
    this.timers.set(lora.id, timer)
  }

  private advance(lora: LoraRecord): void {
    const now = this.sim.store.now()
    switch (lora.status) {
      case 'PENDING':
        lora.status = 'UPLOADING'
        lora.startedAt = now
        break
      case 'UPLOADING':
        lora.status = 'TRAINING'
        break
      case 'TRAINING':
        if (lora.name.includes('#fail')) {
          lora.status = 'FAILED'
          lora.error = SIMULATED_TRAINING_FAILURE
        } else lora.status = 'READY'
        lora.completedAt = now
        break
      default:
        return
    }
    this.sim.store.changed()
    this.start(lora)
  }

  stop(lora: LoraRecord): void {
    const timer = this.timers.get(lora.id)
    if (timer) clearTimeout(timer)
    this.timers.delete(lora.id)
  }

  close(): void {
    this.closed = true
    for (const timer of this.timers.values()) clearTimeout(timer)
    this.timers.clear()
  }
}
