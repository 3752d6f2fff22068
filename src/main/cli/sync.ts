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

type Out = (line: string) => void

/** Lines beyond this many lost outputs are counted, not listed (`ls --json` lists them all). */
const MAX_LOST_LINES = 1000

const KEY_REFUSED = (message: string, handed: boolean) =>
  handed
    ? `error: ${message}: nothing was synced. Set the right key in the app (or the process) holding the data folder, then run sync again.`
    : `error: ${message}: nothing was synced. Give the right key (${API_KEY_ENV} or --api-key-stdin) and run sync again.`
const UNRECORDED = (message: string) => `rescue: finished jobs on the service could not be recorded: ${message}.`
const RESCUE_FAILED = (message: string) => `rescue failed: could not look for finished jobs on the service: ${message}.`

/** The seconds `sync` may run (`--timeout`, default 600). */
export function syncTimeoutSeconds(options: Record<string, string | boolean>): number {
  const text = str(options, 'timeout') ?? '600'
  const timeoutS = Number(text)
  if (!Number.isFinite(timeoutS) || timeoutS <= 0) throw new UsageError(`--timeout takes a number of seconds above 0 (got '${text}')`)
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
  if (rescue.ok) p.out(`rescue: scanned ${rescue.scanned} jobs, saving ${rescue.rescued}${rescue.adopted ? ` (${rescue.adopted} from elsewhere)` : ''}`)
  else if (rescue.kind === 'auth') {
    p.err(KEY_REFUSED(rescue.message, p.handed))
    return EXIT.keyRejected
  } else p.err(rescue.kind === 'local' ? UNRECORDED(rescue.message) : RESCUE_FAILED(rescue.message))
  if (left.length) {
    p.out(`timed out after ${p.timeoutS} s with work left:`)
    for (const line of left) p.out(`  ${line}`)
  }
  if (!rescue.ok && rescue.kind === 'unreachable') return EXIT.unreachable
  if (!rescue.ok && rescue.kind === 'failed') return EXIT.failed
  if (left.length || !saved) return EXIT.timedOut
  p.out(`synced: ${saved.jobs} jobs in the library, ${saved.files} files saved`)
  // Lost means the service purged it: nothing a later sync can do, but the user must know.
  for (const lost of saved.lost.slice(0, MAX_LOST_LINES)) p.out(`lost: job ${lost.jobId} output ${lost.index}: ${lost.reason}`)
  if (saved.lost.length > MAX_LOST_LINES) p.out(`lost: ${saved.lost.length - MAX_LOST_LINES} more outputs (ls --json lists them all)`)
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
