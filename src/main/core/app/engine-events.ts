// A running engine's events in the app's terms: jobs and library entries for the page,
// notices (less the ones Settings already shows), OS notifications when a job ends, and
// the balance read again whenever credits may have moved.
import type { Connection, Settings } from '../../../shared/app/settings'
import type { Engine } from '../engine'
import type { AppEvents } from './app-events'
import { REJECTED_KEY_MESSAGE } from './connection'
import type { PlatformHooks } from './ports'
import { tm } from '../i18n/main-i18n'

export interface EngineEventOptions {
  events: AppEvents
  hooks: PlatformHooks
  settings: () => Settings
  connection: () => Connection
  refreshCredits: () => void
}

export function attachEngineEvents(engine: Engine, opts: EngineEventOptions): void {
  const { events } = opts
  engine.on('job', (payload) => events.emit({ name: 'job.updated', payload }))
  engine.on('library', (payload) => events.emit({ name: 'library.updated', payload }))
  engine.on('notice', (payload) => {
    // A rejected key is said once, in Settings, not again by every look at the service.
    if (opts.connection().state === 'rejected' && payload.message.includes(REJECTED_KEY_MESSAGE)) return
    events.emit({ name: 'notice', payload })
  })
  engine.on('terminal', (r) => {
    notifyTerminal(opts, r.status, r.model, r.error)
    opts.refreshCredits()
  })
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

/** The OS notification when a job ends, in main's language (the model's id is the same in all). */
function notifyTerminal(opts: EngineEventOptions, status: string | null, model: string, error: string | null): void {
  if (!opts.settings().notifications || !opts.hooks.notify) return
  if (status === 'COMPLETED') opts.hooks.notify(tm('main:notify.completedTitle'), tm('main:notify.completedBody', { model }))
  else if (status === 'FAILED') opts.hooks.notify(tm('main:notify.failedTitle'), error ? tm('main:notify.failedBody', { model, reason: error }) : tm('main:notify.failedUnknown', { model }))
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
