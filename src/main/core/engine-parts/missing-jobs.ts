// Rescue, told to the user: what it found, or why it could not look (once, until a later
// look succeeds). A scan that fails in silence would leave them believing everything
// they paid for is on disk.
import { AuthError } from '../client/http'
import type { RescueReport } from '../jobs/rescue'
import { message, type NoticeCause, type NoticeText } from '../i18n/notice-text'

export interface MissingJobsOptions {
  rescue: () => Promise<RescueReport>
  notice: (level: 'info' | 'warning', text: NoticeText, cause?: NoticeCause) => void
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
      const reason = (err as Error).message.replace(/\.+$/, '')
      const minutes = Math.round(this.opts.everyMs / 60_000)
      const text = this.opts.everyMs ? message('main:missingJobs.lookFailedAgain', { reason, minutes }) : message('main:missingJobs.lookFailed', { reason })
      this.opts.notice('warning', text, err instanceof AuthError ? 'key-rejected' : undefined)
      return
    }
    const recovered = this.failing
    this.failing = false
    if (report.rescued > 0) {
      const { rescued: count, adopted } = report
      this.opts.notice('info', adopted > 0 ? message('main:missingJobs.savingAdopted', { count, adopted }) : message('main:missingJobs.saving', { count }))
    } else if (recovered) {
      this.opts.notice('info', message('main:missingJobs.noneMissing'))
    }
  }
}
