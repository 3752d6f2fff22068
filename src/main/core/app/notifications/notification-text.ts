// Every word the app's system notifications say, in one place (to be translated): a
// job's end, a send's or a burst's summary, and what needs the user's attention.
import { formatCountdown } from '../../../../shared/app/countdown'
import { createFormatters } from '../../../../shared/i18n/format'

/** A prompt is cut to this many characters: a notification shows two or three lines at most. */
const PROMPT_CHARS = 90

/** Their words are English until they move into the catalogs, and so is the way they list counts. */
const ENGLISH = createFormatters('en')

function shortPrompt(prompt: string): string {
  const flat = prompt.replace(/\s+/g, ' ').trim()
  return flat.length > PROMPT_CHARS ? `${flat.slice(0, PROMPT_CHARS - 1)}…` : flat
}

export const NOTIFICATION_TEXT = {
  done: {
    title: 'Job done',
    body: (model: string, prompt: string | null) => (prompt ? `${model}: ${shortPrompt(prompt)}` : `${model}: saved to your library`)
  },
  failed: {
    title: 'Job failed',
    body: (model: string, error: string | null) => `${model}: ${error ?? 'the service reported a failure'}`
  },
  lost: {
    title: 'Outputs not saved',
    body: (model: string) => `${model}: the outputs could not be saved before the service purged them`
  },
  /** A confirmed send of several jobs (a batch, a matrix, a wildcard prompt's cells). */
  send: { title: (total: number) => `Your ${total} jobs have finished` },
  /** Several jobs that ended within moments of each other. */
  burst: { title: (total: number) => `${total} jobs have finished` },
  allDone: (done: number, total: number) => `${done} of ${total} done`,
  counts: {
    done: (n: number) => `${n} done`,
    failed: (n: number) => `${n} failed`,
    cancelled: (n: number) => `${n} cancelled`
  },
  purge: {
    title: 'Outputs about to be purged',
    body: (jobs: number, msLeft: number) => {
      const when = msLeft > 0 ? `the first is purged in ${formatCountdown(msLeft)}` : 'the first is past its purge time'
      return jobs === 1
        ? `A job’s outputs are not saved yet; ${when}. Keep the app open and connected.`
        : `${jobs} jobs’ outputs are not saved yet; ${when}. Keep the app open and connected.`
    }
  },
  diskFull: {
    title: 'Disk full',
    body: 'Outputs are waiting to be saved. Free some space on the library’s disk: they are saved as soon as there is room.'
  },
  keyRejected: {
    title: 'API key rejected',
    body: 'The service refused the API key. Jobs wait to be sent until a valid key is entered in Settings.'
  }
}

/** "3 done, 1 failed": the counts that are not zero, as a list the locale's way. */
export function countsText(counts: { done: number; failed: number; cancelled: number }): string {
  const parts = (['done', 'failed', 'cancelled'] as const).filter((k) => counts[k] > 0).map((k) => NOTIFICATION_TEXT.counts[k](counts[k]))
  return ENGLISH.amounts(parts)
}
