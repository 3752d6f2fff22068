// `cli sync`: resend, rescue, track and save until nothing is left, then say so with an
// exit code a script can trust: 0 only when the service was asked and everything it had
// is on disk (see exit-codes.ts). The work is core/commands/sync-on.ts, run on this
// command's own engine or by the process holding the data folder (hand-over.ts); either
// way its answer is printed here.
import type { SyncAnswer } from '../../shared/app/handover'
import type { Engine } from '../core/engine'
import { syncOn } from '../core/commands/sync-on'
import { str, UsageError } from './args'
import { EXIT } from './exit-codes'
import { API_KEY_ENV } from './api-key-source'
import { tm } from '../core/i18n/main-i18n'

type Out = (line: string) => void

/** Lines beyond this many lost outputs are counted, not listed (`ls --json` lists them all). */
const MAX_LOST_LINES = 1000

const bare = (message: string) => message.replace(/\.+$/, '')
const KEY_REFUSED = (message: string, handed: boolean) =>
  handed ? tm('cli:sync.keyRefusedHanded', { reason: bare(message) }) : tm('cli:sync.keyRefused', { reason: bare(message), variable: API_KEY_ENV })
const UNRECORDED = (message: string) => tm('cli:sync.unrecorded', { reason: bare(message) })
const RESCUE_FAILED = (message: string) => tm('cli:sync.rescueFailed', { reason: bare(message) })

/** The seconds `sync` may run (`--timeout`, default 600). */
export function syncTimeoutSeconds(options: Record<string, string | boolean>): number {
  const text = str(options, 'timeout') ?? '600'
  const timeoutS = Number(text)
  if (!Number.isFinite(timeoutS) || timeoutS <= 0) throw new UsageError(tm('cli:sync.badTimeout', { value: text }))
  return timeoutS
}

export interface SyncPrinting {
  out: Out
  err: Out
  timeoutS: number
  /** The sync ran in the process holding the folder (its key, not this command's). */
  handed: boolean
}

/** Prints what a sync did and what is left, and returns its exit code. */
export function printSync(answer: SyncAnswer, p: SyncPrinting): number {
  const { rescue, left, saved } = answer
  if (rescue.ok) {
    const { scanned, rescued, adopted } = rescue
    p.out(adopted ? tm('cli:sync.rescuedAdopted', { scanned, rescued, adopted }) : tm('cli:sync.rescued', { scanned, rescued }))
  } else if (rescue.kind === 'auth') {
    p.err(KEY_REFUSED(rescue.message, p.handed))
    return EXIT.keyRejected
  } else p.err(rescue.kind === 'local' ? UNRECORDED(rescue.message) : RESCUE_FAILED(rescue.message))
  if (left.length) {
    p.out(tm('cli:sync.timedOut', { seconds: p.timeoutS }))
    for (const line of left) p.out(`  ${line}`)
  }
  if (!rescue.ok && rescue.kind === 'unreachable') return EXIT.unreachable
  if (!rescue.ok && rescue.kind === 'failed') return EXIT.failed
  if (left.length || !saved) return EXIT.timedOut
  p.out(tm('cli:sync.synced', { jobs: saved.jobs, files: saved.files }))
  // Lost means the service purged it: nothing a later sync can do, but the user must know.
  for (const lost of saved.lost.slice(0, MAX_LOST_LINES)) p.out(tm('cli:sync.lost', { jobId: lost.jobId, index: lost.index, reason: lost.reason }))
  if (saved.lost.length > MAX_LOST_LINES) p.out(tm('cli:sync.lostMore', { count: saved.lost.length - MAX_LOST_LINES }))
  return saved.lost.length ? EXIT.lost : EXIT.ok
}

export interface SyncHooks {
  out: Out
  err: Out
  /** The service has answered (or cannot be reached): held submissions may go out. */
  onServiceAnswered: () => void
}

export async function syncCommand(engine: Engine, options: Record<string, string | boolean>, hooks: SyncHooks, startedAt = Date.now()): Promise<number> {
  const timeoutS = syncTimeoutSeconds(options)
  const answer = await syncOn(engine, { deadline: startedAt + timeoutS * 1000, onServiceAnswered: hooks.onServiceAnswered })
  return printSync(answer, { out: hooks.out, err: hooks.err, timeoutS, handed: false })
}
