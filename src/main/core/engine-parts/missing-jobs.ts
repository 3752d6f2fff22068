// Rescue, told to the user: what it found, or why it could not look (once, until a later
// look succeeds). A scan that fails in silence would leave them believing everything
// they paid for is on disk.
import type { RescueReport } from '../jobs/rescue'

export interface MissingJobsOptions {
  rescue: () => Promise<RescueReport>
  notice: (level: 'info' | 'warning', message: string) => void
  closed: () => boolean
  /** How often the app looks again (0: only at start), for the message. */
  everyMs: number
}

export class MissingJobsCheck {
  private failing = false

  constructor(private readonly opts: MissingJobsOptions) {}

  async run(): Promise<void> {
    let report: RescueReport
    try {
      report = await this.opts.rescue()
    } catch (err) {
      if (this.opts.closed() || this.failing) return
      this.failing = true
      const again = this.opts.everyMs ? ` The app looks again every ${Math.round(this.opts.everyMs / 60_000)} minutes.` : ''
      this.opts.notice('warning', `Could not look for finished jobs missing from your library: ${(err as Error).message.replace(/\.+$/, '')}.${again}`)
      return
    }
    const recovered = this.failing
    this.failing = false
    if (report.rescued > 0) {
      const elsewhere = report.adopted > 0 ? ` (${report.adopted} started elsewhere)` : ''
      this.opts.notice('info', `Saving ${plural(report.rescued, 'finished job')} that ${report.rescued === 1 ? 'was' : 'were'} missing from your library${elsewhere}.`)
    } else if (recovered) {
      this.opts.notice('info', 'Looked for finished jobs again: none are missing from your library.')
    }
  }
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}
