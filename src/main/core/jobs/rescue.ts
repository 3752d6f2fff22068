// Rescue: pages through the service's job list and saves every completed, unexpired job
// the library lacks, including jobs submitted from elsewhere (the dashboard, a script,
// another computer). Unfinished jobs from elsewhere are tracked like our own.
import type { JobListItem } from '../../../shared/api'
import { getModel, isTerminal } from '../../../shared/api'
import type { ServiceClient } from '../service/service-client'
import type { JobRecord } from './job-record'
import type { JobStore } from './job-store'

export interface RescueOptions {
  store: JobStore
  client: () => ServiceClient
  inLibrary: (jobId: string) => boolean
  onCompleted: (record: JobRecord) => Promise<void>
  onActive: (record: JobRecord) => void
  /** Jobs older than this cannot have outputs left on the CDN; paging stops there. */
  retentionMs: () => number
  pageSize?: number
}

export interface RescueReport {
  scanned: number
  rescued: number
  adopted: number
}

export class Rescue {
  private running: Promise<RescueReport> | null = null

  constructor(private readonly opts: RescueOptions) {}

  run(): Promise<RescueReport> {
    this.running ??= this.scan().finally(() => (this.running = null))
    return this.running
  }

  private async scan(): Promise<RescueReport> {
    const report: RescueReport = { scanned: 0, rescued: 0, adopted: 0 }
    const oldest = Date.now() - this.opts.retentionMs() * 2
    let cursor: string | undefined
    for (let page = 0; page < 1000; page++) {
      const list = await this.opts.client().listJobs({ limit: this.opts.pageSize ?? 100, ...(cursor ? { cursor } : {}) })
      for (const item of list.jobs) {
        report.scanned++
        await this.consider(item, report)
      }
      const last = list.jobs[list.jobs.length - 1]
      if (!list.hasMore || !list.nextCursor || (last && Date.parse(last.createdAt) < oldest)) break
      cursor = list.nextCursor
    }
    return report
  }

  private async consider(item: JobListItem, report: RescueReport): Promise<void> {
    const known = this.opts.store.byServiceId(item.id)
    if (item.status === 'COMPLETED') {
      if (item.expired || this.opts.inLibrary(item.id)) return
      const record = known ?? (await this.adopt(item))
      if (!known) report.adopted++
      const current = (await this.opts.store.update(record.id, () => ({
        status: 'COMPLETED', progress: 100, result: item.result, completedAt: item.completedAt, creditCost: item.creditCost, expired: false
      })))!
      report.rescued++
      await this.opts.onCompleted(current)
      return
    }
    if (!isTerminal(item.status) && !known) {
      const record = await this.adopt(item)
      report.adopted++
      this.opts.onActive(record)
    }
  }

  /** Records a job this app did not submit, with its input when the service still has it. */
  private async adopt(item: JobListItem): Promise<JobRecord> {
    let input: Record<string, unknown> = { model: item.model }
    try {
      const full = await this.opts.client().getJob(item.id)
      if (full.input && typeof full.input === 'object') input = { model: item.model, ...full.input }
    } catch {
      // The listing is enough to save the outputs; the prompt is a nicety.
    }
    const now = new Date().toISOString()
    const record: JobRecord = {
      id: `remote-${item.id}`,
      idempotencyKey: `remote-${item.id}`,
      kind: getModel(item.model)?.kind ?? 'image',
      model: item.model,
      request: input,
      inputs: [],
      submission: 'accepted',
      jobId: item.id,
      status: item.status,
      progress: item.progress,
      error: item.error,
      creditCost: item.creditCost,
      origin: 'elsewhere',
      createdAt: item.createdAt,
      updatedAt: now,
      completedAt: item.completedAt,
      result: item.result,
      expired: item.expired,
      saved: 'none',
      sendAttempts: 0,
      dismissed: false
    }
    return this.opts.store.put(record)
  }
}
