// A running engine's events in the app's terms: jobs and library entries for the page,
// notices (less the ones Settings already shows), the jobs' changes for the system
// notifications and the taskbar, and the balance read again whenever credits may have moved.
import type { Connection } from '../../../shared/app/settings'
import type { JobView } from '../../../shared/app/views'
import type { Engine } from '../engine'
import type { AppEvents } from './app-events'

export interface EngineEventOptions {
  events: AppEvents
  connection: () => Connection
  refreshCredits: () => void
  /** Every change of a job, for the notifications and the taskbar's progress. */
  jobChanged: (view: JobView) => void
}

export function attachEngineEvents(engine: Engine, opts: EngineEventOptions): void {
  const { events } = opts
  engine.on('job', (payload) => {
    events.emit({ name: 'job.updated', payload })
    opts.jobChanged(payload)
  })
  engine.on('library', (payload) => events.emit({ name: 'library.updated', payload }))
  engine.on('pictures', (payload) => events.emit({ name: 'library.lookProgress', payload }))
  engine.on('notice', (payload) => {
    // A rejected key is said once, in Settings, not again by every look at the service.
    if (opts.connection().state === 'rejected' && payload.cause === 'key-rejected') return
    events.emit({ name: 'notice', payload })
  })
  engine.on('terminal', () => opts.refreshCredits())
  // Credits change when a job is accepted (reserved) and when it ends (charged or
  // refunded): the balance is re-read whenever an accepted job's status moves, never for
  // progress alone. The window only listens for `account.updated`; it never polls.
  const lastStatus = new Map<string, string | null>()
  engine.on('job', (v) => {
    if (v.submission !== 'accepted' || lastStatus.get(v.localId) === v.status) return
    lastStatus.set(v.localId, v.status)
    opts.refreshCredits()
  })
}

/** Asks the service for the balance, at most once per burst of job changes. */
export class CreditsRefresh {
  private timer: NodeJS.Timeout | null = null

  constructor(
    private readonly engine: () => Engine | null,
    private readonly events: AppEvents
  ) {}

  request(): void {
    if (this.timer) return
    this.timer = setTimeout(() => {
      this.timer = null
      void this.engine()?.me().then(
        (me) => this.events.emit({ name: 'account.updated', payload: { credits: me.team?.credits ?? null } }),
        () => undefined
      )
    }, 300)
    this.timer.unref?.()
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }
}
