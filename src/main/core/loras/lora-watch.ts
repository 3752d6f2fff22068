// Main's own look at LoRAs in training. The service sends no event when a LoRA moves on,
// so while any LoRA is unsettled main lists them every few seconds and records each new
// status in the timelines, whether or not a window is showing them. A LoRA left training
// when the app closed is looked at again as soon as it starts.
import type { Lora, LoraList } from '../../../shared/api'
import type { LoraView } from '../../../shared/app/lora-timeline'
import { LoraTimelines, SETTLED } from './lora-timelines'

const DEFAULT_INTERVAL_MS = 3000
/** A bound on pages, so a service that always answers a cursor cannot loop forever. */
const MAX_PAGES = 50

export async function listAllLoras(client: { listLoras(cursor?: string): Promise<LoraList> }): Promise<Lora[]> {
  const items: Lora[] = []
  let cursor: string | undefined
  for (let page = 0; page < MAX_PAGES; page++) {
    const list = await client.listLoras(cursor)
    items.push(...list.items)
    if (!list.nextCursor) break
    cursor = list.nextCursor
  }
  return items
}

export interface LoraWatchOptions {
  list(): Promise<Lora[]>
  intervalMs?: number
}

export class LoraWatch {
  private timer: NodeJS.Timeout | null = null
  private closed = false
  private unsettled: boolean

  private constructor(private readonly timelines: LoraTimelines, private readonly opts: LoraWatchOptions) {
    this.unsettled = timelines.anyUnsettled()
  }

  static async open(dataDir: string, opts: LoraWatchOptions): Promise<LoraWatch> {
    return new LoraWatch(await LoraTimelines.open(dataDir), opts)
  }

  /** Looks once now if a LoRA was on its way when the app last ran, then while any is. */
  start(): void {
    if (this.unsettled) void this.poll()
  }

  /** Records what a list of LoRAs shows and answers them with their timelines. */
  async observe(loras: readonly Lora[]): Promise<LoraView[]> {
    const timelines = await this.timelines.observe(loras)
    this.unsettled = loras.some((l) => !SETTLED.includes(l.status))
    this.schedule()
    return loras.map((l, i) => ({ ...l, timeline: timelines[i] ?? [] }))
  }

  /** Lists every LoRA from the service and records what it shows. */
  async refresh(): Promise<LoraView[]> {
    return this.observe(await this.opts.list())
  }

  private async poll(): Promise<void> {
    try {
      await this.refresh()
    } catch {
      // Offline, or the key is being changed: the next look tries again.
      this.schedule()
    }
  }

  private schedule(): void {
    if (this.closed || this.timer || !this.unsettled) return
    this.timer = setTimeout(() => {
      this.timer = null
      void this.poll()
    }, this.opts.intervalMs ?? DEFAULT_INTERVAL_MS)
    this.timer.unref?.()
  }

  async close(): Promise<void> {
    this.closed = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    await this.timelines.close()
  }
}
