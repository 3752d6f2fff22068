// The app's events to the page (and the host's browser tabs): each is checked against the
// contract before it goes out, and notices raised before anyone listens (a repaired
// library, damaged settings at start) wait for the first listener.
import type { AppEvent } from '../../../shared/contract'
import { eventProblem } from './contract-check'
import { noticePayload, type NoticeLevel, type NoticeText } from '../i18n/notice-text'

type Listener = (e: AppEvent) => void

const HELD_NOTICES = 20

export class AppEvents {
  private listeners = new Set<Listener>()
  private held: AppEvent[] = []

  constructor(
    private readonly checkOutputs: boolean,
    /** Where a payload outside the contract is recorded, besides the notice the page gets. */
    private readonly logProblem: (problem: string) => void
  ) {}

  on(listener: Listener): () => void {
    this.listeners.add(listener)
    for (const e of this.held.splice(0)) listener(e)
    return () => this.listeners.delete(listener)
  }

  emit(e: AppEvent): void {
    const problem = this.checkOutputs ? eventProblem(e) : null
    if (problem) {
      // The page would trust the broken payload; it gets the problem as a notice instead.
      this.logProblem(problem)
      e = { name: 'notice', payload: { level: 'error', message: problem } }
    }
    if (this.listeners.size === 0 && e.name === 'notice' && this.held.length < HELD_NOTICES) this.held.push(e)
    for (const l of this.listeners) l(e)
  }

  /** A notice in main's language, with its key and values for the page to say in its own. */
  notice(level: NoticeLevel, text: NoticeText): void {
    this.emit({ name: 'notice', payload: noticePayload(level, text) })
  }

  clear(): void {
    this.listeners.clear()
  }
}
