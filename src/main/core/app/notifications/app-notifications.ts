// The app's notifications and taskbar progress, fed by the running engine's job changes,
// the connection's state and the routes that send several jobs at once. What is shown
// goes to the shell's own notifier (the desktop app), or else to the page as an event.
import type { AppNotification } from '../../../../shared/app/notifications'
import type { Connection } from '../../../../shared/app/settings'
import type { JobView } from '../../../../shared/app/views'
import { Notifier, type NotifierOptions, type SendTracker } from './notifier'
import { RunningJobs, type RunningProgress } from './running-jobs'

export interface AppNotificationsOptions extends Omit<NotifierOptions, 'deliver' | 'focused'> {
  /** The shell's own notifier; without one, `toPage` takes the notification. */
  notify?: ((notification: AppNotification) => void) | undefined
  toPage(notification: AppNotification): void
  /** Whether the window has the focus; a shell that cannot tell leaves it to its page. */
  windowFocused?: (() => boolean) | undefined
  showProgress?: ((progress: RunningProgress) => void) | undefined
}

export class AppNotifications {
  private readonly notifier: Notifier
  private readonly running: RunningJobs

  constructor(opts: AppNotificationsOptions) {
    const { notify, toPage, windowFocused, showProgress } = opts
    this.notifier = new Notifier({
      settings: opts.settings,
      thumbnailOf: opts.thumbnailOf,
      deliver: (n) => (notify ? notify(n) : toPage(n)),
      focused: () => windowFocused?.() ?? false
    })
    this.running = new RunningJobs((p) => showProgress?.(p))
  }

  jobChanged(view: JobView): void {
    this.notifier.jobChanged(view)
    this.running.jobChanged(view)
  }

  jobRemoved(localId: string): void {
    this.notifier.jobRemoved(localId)
    this.running.jobRemoved(localId)
  }

  connectionChanged(state: Connection['state']): void {
    this.notifier.connectionChanged(state)
  }

  beginSend(total: number): SendTracker {
    return this.notifier.beginSend(total)
  }

  /** A new engine runs (at start, or demo and live switched): the last one's jobs are forgotten. */
  engineReplaced(): void {
    this.notifier.reset()
    this.running.reset()
  }

  stop(): void {
    this.notifier.stop()
    this.running.reset()
  }
}
