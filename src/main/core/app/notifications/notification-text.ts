// Every word the app's system notifications say, in one place, in main's language (the
// one the user chose): a job's end, a send's or a burst's summary, and what needs the
// user's attention. Read when a notification is made, so a change of language holds for
// the next one.
import { countdownText } from '../../i18n/countdown-text'
import { mainFormatters, tm } from '../../i18n/main-i18n'

/** A prompt is cut to this many characters: a notification shows two or three lines at most. */
const PROMPT_CHARS = 90

function shortPrompt(prompt: string): string {
  const flat = prompt.replace(/\s+/g, ' ').trim()
  return flat.length > PROMPT_CHARS ? `${flat.slice(0, PROMPT_CHARS - 1)}…` : flat
}

export const NOTIFICATION_TEXT = {
  done: {
    get title() {
      return tm('main:notification.doneTitle')
    },
    body: (model: string, prompt: string | null) =>
      prompt ? tm('main:notification.doneBody', { model, prompt: shortPrompt(prompt) }) : tm('main:notification.doneBodyNoPrompt', { model })
  },
  failed: {
    get title() {
      return tm('main:notification.failedTitle')
    },
    body: (model: string, error: string | null) => (error ? tm('main:notification.failedBody', { model, error }) : tm('main:notification.failedBodyUnknown', { model }))
  },
  lost: {
    get title() {
      return tm('main:notification.lostTitle')
    },
    body: (model: string) => tm('main:notification.lostBody', { model })
  },
  /** A confirmed send of several jobs (a batch, a matrix, a wildcard prompt's cells). */
  send: { title: (total: number) => tm('main:notification.sendTitle', { total }) },
  /** Several jobs that ended within moments of each other. */
  burst: { title: (total: number) => tm('main:notification.burstTitle', { total }) },
  allDone: (done: number, total: number) => tm('main:notification.allDone', { done, total }),
  counts: {
    done: (count: number) => tm('main:notification.countDone', { count }),
    failed: (count: number) => tm('main:notification.countFailed', { count }),
    cancelled: (count: number) => tm('main:notification.countCancelled', { count })
  },
  purge: {
    get title() {
      return tm('main:notification.purgeTitle')
    },
    body: (jobs: number, msLeft: number) =>
      msLeft > 0 ? tm('main:notification.purgeBody', { jobs, countdown: countdownText(msLeft) }) : tm('main:notification.purgeBodyOverdue', { jobs })
  },
  diskFull: {
    get title() {
      return tm('main:notification.diskFullTitle')
    },
    get body() {
      return tm('main:notification.diskFullBody')
    }
  },
  keyRejected: {
    get title() {
      return tm('main:notification.keyRejectedTitle')
    },
    get body() {
      return tm('main:notification.keyRejectedBody')
    }
  }
}

/** "3 done, 1 failed": the counts that are not zero, as main's language lists them. */
export function countsText(counts: { done: number; failed: number; cancelled: number }): string {
  const parts = (['done', 'failed', 'cancelled'] as const).filter((k) => counts[k] > 0).map((k) => NOTIFICATION_TEXT.counts[k](counts[k]))
  return mainFormatters().amounts(parts)
}
