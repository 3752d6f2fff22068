// What the engine needs from the place it runs in that is not storage: the desktop's
// extra abilities and the demo service. Where the key and settings are kept is core/settings.
import type { AppNotification } from '../../../shared/app/notifications'
import type { UpdateStatus } from '../../../shared/app/updates'
import type { RunningProgress } from './notifications/running-jobs'

/** Things only a desktop shell can do; the Node host leaves them out. */
export interface PlatformHooks {
  platform: 'electron' | 'browser'
  /** Shows a file in the OS file manager. */
  revealFile?(absolutePath: string): void
  /** Asks the user for a folder with the OS's own picker; null when they cancel. */
  pickFolder?(): Promise<string | null>
  /** Opens an http(s) URL in the user's browser. */
  openExternal?(url: string): Promise<void>
  /**
   * Shows a system notification the engine decided on (see notifications/notifier.ts).
   * Without it (the Node host) the notification goes to the page as an event, which shows
   * it through the browser.
   */
  notify?(notification: AppNotification): void
  /** Whether the app's window has the focus now: nothing is notified while it has. */
  windowFocused?(): boolean
  /** The running jobs on the taskbar or dock: their count and mean progress (0–1); count 0 clears it. */
  showProgress?(progress: RunningProgress): void
  /** The app's own updates (a packaged desktop app, or one pointed at a test feed). */
  updates?: UpdateControl
}

/** The desktop app's updater, as the routes use it. */
export interface UpdateControl {
  status(): UpdateStatus
  /** Checks the feed now; resolves once the check has an answer (a download goes on behind it). */
  checkNow(): Promise<UpdateStatus>
  /** Installs the downloaded update and starts the new version; rejects when none is ready. */
  restartToUpdate(): Promise<void>
}

/**
 * The demo service as the controller uses it in demo mode: a local stand-in for the
 * generation service. The engine never imports one; whoever starts the app hands the
 * controller a way to start it.
 */
export interface DemoService {
  /** Base URL of its API. */
  url: string
  /** Base URL of its legacy video endpoint. */
  legacyUrl: string
  apiKey: string
  close(): Promise<void>
}

export interface DemoServiceOptions {
  /** Where it keeps its state and files across restarts. */
  dataDir: string
}

export type StartDemoService = (options: DemoServiceOptions) => Promise<DemoService>
