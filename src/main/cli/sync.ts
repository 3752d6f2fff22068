// `cli sync`: resend, rescue, track and save until nothing is left, then say so with an
// exit code a script can trust: 0 only when the service was asked and everything it had
// is on disk (see exit-codes.ts).
import { ApiError, AuthError } from '../core/client/http'
import { SettleTimeoutError, type Engine } from '../core/engine'
import { str, UsageError } from './args'
import { EXIT } from './exit-codes'
import { API_KEY_ENV } from './api-key-source'

type Out = (line: string) => void

/** The seconds `sync` may run (`--timeout`, default 600). */
function syncTimeoutSeconds(options: Record<string, string | boolean>): number {
  const text = str(options, 'timeout') ?? '600'
  const timeoutS = Number(text)
  if (!Number.isFinite(timeoutS) || timeoutS <= 0) throw new UsageError(`--timeout takes a number of seconds above 0 (got '${text}')`)
  return timeoutS
}

type RescueOutcome = { ok: true } | { ok: false; timedOut: boolean; error: Error }

/** Asks the service for finished jobs the library lacks, within the deadline. */
async function rescueWithin(engine: Engine, deadline: number, out: Out): Promise<RescueOutcome> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now()))))
  try {
    const report = await Promise.race([engine.runRescue(), timeout])
    if (report === 'timeout') return { ok: false, timedOut: true, error: new Error('the service gave no answer before the timeout') }
    out(`rescue: scanned ${report.scanned} jobs, saving ${report.rescued}${report.adopted ? ` (${report.adopted} from elsewhere)` : ''}`)
    return { ok: true }
  } catch (err) {
    return { ok: false, timedOut: false, error: err instanceof Error ? err : new Error(String(err)) }
  } finally {
    clearTimeout(timer)
  }
}

/** What is left when the deadline passes, or null once everything is done. */
async function settleWithin(engine: Engine, deadline: number): Promise<string[] | null> {
  try {
    await engine.settle(Math.max(0, deadline - Date.now()))
    return null
  } catch (err) {
    if (!(err instanceof SettleTimeoutError)) return [(err as Error).message]
    // Never an empty list: a script must not read a timeout as "nothing left".
    return err.reasons.length ? err.reasons : ['work is left that the engine could not name']
  }
}

export interface SyncHooks {
  out: Out
  err: Out
  /** The service has answered (or cannot be reached): held submissions may go out. */
  onServiceAnswered: () => void
}

export async function syncCommand(engine: Engine, options: Record<string, string | boolean>, hooks: SyncHooks, startedAt = Date.now()): Promise<number> {
  const { out, err } = hooks
  const timeoutS = syncTimeoutSeconds(options)
  const deadline = startedAt + timeoutS * 1000
  const rescue = await rescueWithin(engine, deadline, out)
  if (!rescue.ok && rescue.error instanceof AuthError) {
    // Submissions stay journaled (held, not sent with a key the service refuses).
    err(`error: ${rescue.error.message}: nothing was synced. Give the right key (${API_KEY_ENV} or --api-key-stdin) and run sync again.`)
    return EXIT.keyRejected
  }
  hooks.onServiceAnswered()
  // A disk that refuses a write (full, read-only) is not the service failing: what rescue
  // found waits, like any output, and is named with the rest of the work left.
  const localFault = !rescue.ok && isFileSystemError(rescue.error)
  if (!rescue.ok) err(localFault ? `rescue: finished jobs on the service could not be recorded: ${trimDots(rescue.error.message)}.` : `rescue failed: could not look for finished jobs on the service: ${trimDots(rescue.error.message)}.`)
  const unchecked = !rescue.ok && rescue.timedOut ? ['looking for finished jobs missing from the library: no answer from the service yet'] : []
  const unrecorded = localFault ? [`recording finished jobs found on the service: ${trimDots(rescue.error.message)}`] : []
  const left = [...unchecked, ...unrecorded, ...((await settleWithin(engine, deadline)) ?? [])]
  if (left.length) {
    out(`timed out after ${timeoutS} s with work left:`)
    for (const line of left) out(`  ${line}`)
  }
  if (!rescue.ok && !rescue.timedOut && !localFault) return unreachableCode(rescue.error)
  return left.length ? EXIT.timedOut : reportSaved(engine, out)
}

function trimDots(message: string): string {
  return message.replace(/\.+$/, '')
}

/** An error from the file system (ENOSPC, EIO, EROFS, ...), as opposed to the network or the service. */
function isFileSystemError(error: Error): boolean {
  const code = (error as { code?: unknown }).code
  const syscall = (error as { syscall?: unknown }).syscall
  return !(error instanceof ApiError) && typeof code === 'string' && typeof syscall === 'string' && FILE_SYSCALLS.has(syscall)
}

const FILE_SYSCALLS = new Set(['open', 'write', 'writev', 'fsync', 'fdatasync', 'close', 'rename', 'mkdir', 'unlink', 'ftruncate', 'copyfile', 'link', 'rmdir', 'utime', 'futime', 'chmod'])

function unreachableCode(error: Error): number {
  // Unreachable, or kept failing (5xx, timeouts): the same advice, try again later.
  return error instanceof ApiError || error.name === 'AbortError' ? EXIT.unreachable : EXIT.failed
}

function reportSaved(engine: Engine, out: Out): number {
  const entries = engine.listLibrary({ limit: Number.MAX_SAFE_INTEGER }).entries
  const lost = entries.flatMap((e) => e.files.filter((f) => f.state === 'lost').map((f) => ({ e, f })))
  const files = entries.reduce((n, e) => n + e.files.filter((f) => f.state === 'saved').length, 0)
  out(`synced: ${entries.length} jobs in the library, ${files} files saved`)
  // Lost means the service purged it: nothing a later sync can do, but the user must know.
  if (lost.length) {
    for (const { e, f } of lost) out(`lost: job ${e.jobId} output ${f.index}: ${f.lostReason}`)
    return EXIT.lost
  }
  return EXIT.ok
}
