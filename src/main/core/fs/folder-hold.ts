// The engine's hold on its data folder, and what happens when it slips. proper-lockfile
// calls the lock compromised when another process took the folder over (this one was
// paused past the stale time, or the lock was deleted): from then on two processes could
// write the same journal, index and .part files. So at that moment every write stops
// (the engine closes its writers and refuses new jobs), the user is told, and the engine
// waits for the folder to be free again; once it holds it, it opens its files afresh
// (they may have changed meanwhile) and carries on, saving whatever is still pending.
import { lockFolder } from './folder-lock'
import { message, renderNotice, type Notify } from '../i18n/notice-text'
import type { Message } from '../../../shared/i18n/message'

export interface FolderHoldOptions {
  dir: string
  /** How long to wait for the folder at start (default: as long as it takes). */
  waitMs?: number
  /** Tests shorten the time after which an unrefreshed lock counts as abandoned. */
  staleMs?: number
  notice: Notify
  /** Stops every write at once; called when the hold is lost. */
  stopWriting: () => Promise<void>
  /** Opens the folder's files again and resumes the work; called once the hold is back. */
  resumeWriting: () => Promise<void>
}

/** Refused because another process took the data folder; retried once it is back. */
export class FolderLostError extends Error {
  readonly code = 'EFOLDERLOST'
}

export class FolderHold {
  private release: (() => Promise<void>) | null = null
  private lost: Message | null = null
  private recovering: Promise<void> | null = null
  private readonly stopWaiting = new AbortController()
  private closed = false

  constructor(private readonly opts: FolderHoldOptions) {}

  /** Why nothing may be written now, or null while the folder is held. */
  lostReason(): string | null {
    return this.lost && renderNotice(this.lost)
  }

  /** Takes the folder at start, waiting (and saying so) while another process has it. */
  async take(): Promise<void> {
    const { dir } = this.opts
    this.release = await lockFolder(dir, {
      ...(this.opts.waitMs !== undefined ? { waitMs: this.opts.waitMs } : {}),
      ...(this.opts.staleMs !== undefined ? { staleMs: this.opts.staleMs } : {}),
      onWait: () => this.opts.notice('warning', message('main:folder.waiting', { dir })),
      onLost: () => this.onLost(),
      onNoRoom: () => this.opts.notice('warning', message('main:folder.diskFull', { dir }))
    })
  }

  private onLost(): void {
    // Lost while not held (closing, or already waiting to take it back): nothing to stop.
    if (this.closed || !this.release) return
    const { dir } = this.opts
    this.lost = message('main:folder.lost', { dir })
    this.release = null
    this.opts.notice('error', this.lost)
    // One recovery at a time: a loss during a resume is handled once that resume is done.
    this.recovering = (this.recovering ?? Promise.resolve()).then(() => this.recover())
  }

  private async recover(): Promise<void> {
    const { dir } = this.opts
    await this.opts.stopWriting().catch(() => undefined)
    try {
      if (this.closed) return
      const release = await lockFolder(dir, {
        ...(this.opts.staleMs !== undefined ? { staleMs: this.opts.staleMs } : {}),
        signal: this.stopWaiting.signal,
        onLost: () => this.onLost()
      })
      this.release = release
      if (this.closed) return
      await this.opts.resumeWriting()
      if (!this.release) return // lost again meanwhile: the next recovery takes it from here
      this.lost = null
      this.opts.notice('info', message('main:folder.back', { dir }))
    } catch (err) {
      if (this.closed) return
      this.lost = message('main:folder.notTakenBack', { dir, reason: (err as Error).message.replace(/\.+$/, '') })
      this.opts.notice('error', this.lost)
    }
  }

  /** Stops waiting for the folder (the engine is closing); resolves once no recovery runs. */
  async stopRecovering(): Promise<void> {
    this.closed = true
    this.stopWaiting.abort(new Error('The engine is closing'))
    await this.recovering
  }

  /** Lets the folder go, once the engine has closed its files. */
  async letGo(): Promise<void> {
    await this.stopRecovering()
    await this.release?.()
    this.release = null
  }
}
