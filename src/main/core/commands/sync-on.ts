// The work of `sync` on an engine, wherever it runs: in the command line's own process,
// or in the app (or another command) holding the data folder for it. Look for finished
// jobs the library lacks, then wait until nothing is left to send, track or save, within
// the deadline; the answer says what was done and what is left, and the command line
// turns it into lines and an exit code a script can trust.
import type { SyncAnswer } from '../../../shared/app/handover'
import { ApiError, AuthError } from '../client/http'
import { SettleTimeoutError, type Engine } from '../engine'

type SyncEngine = Pick<Engine, 'runRescue' | 'settle' | 'listLibrary'>
type Rescue = SyncAnswer['rescue']

export interface SyncOptions {
  /** When the sync gives up, as a time from Date.now(). */
  deadline: number
  /** The service has answered (or cannot be reached): held submissions may go out. */
  onServiceAnswered?: () => void
  /** Stops waiting: the answer then says what is left. */
  stop?: AbortSignal
}

const NO_ANSWER = 'the service gave no answer before the timeout'
const UNCHECKED = 'looking for finished jobs missing from the library: no answer from the service yet'
const UNRECORDED = (detail: string) => `recording finished jobs found on the service: ${detail}`
const UNNAMED = 'work is left that the engine could not name'
const STOPPED = 'the sync was stopped before everything was done'

/** Resolves with `'timeout'` when `stop` aborts, or at `deadline` if given, whichever is first. */
function timeoutOf(stop: AbortSignal | undefined, deadline?: number): { reached: Promise<'timeout'>; clear: () => void } {
  let timer: NodeJS.Timeout | undefined
  let onStop = () => undefined as void
  const reached = new Promise<'timeout'>((resolve) => {
    if (deadline !== undefined) timer = setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now()))
    onStop = () => resolve('timeout')
    if (stop?.aborted) resolve('timeout')
    stop?.addEventListener('abort', onStop, { once: true })
  })
  return { reached, clear: () => (clearTimeout(timer), stop?.removeEventListener('abort', onStop)) }
}

/** Asks the service for finished jobs the library lacks, within the deadline. */
async function rescueWithin(engine: SyncEngine, options: SyncOptions): Promise<Rescue> {
  const { reached, clear } = timeoutOf(options.stop, options.deadline)
  try {
    const report = await Promise.race([engine.runRescue(), reached])
    if (report === 'timeout') return { ok: false, kind: 'timeout', message: NO_ANSWER }
    return { ok: true, scanned: report.scanned, rescued: report.rescued, adopted: report.adopted }
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err))
    return { ok: false, kind: failureKind(error), message: trimDots(error.message) }
  } finally {
    clear()
  }
}

function failureKind(error: Error): Exclude<Rescue, { ok: true }>['kind'] {
  if (error instanceof AuthError) return 'auth'
  // A disk that refuses a write (full, read-only) is not the service failing.
  if (isFileSystemError(error)) return 'local'
  // Unreachable, or kept failing (5xx, timeouts): the same advice, try again later.
  return error instanceof ApiError || error.name === 'AbortError' ? 'unreachable' : 'failed'
}

/** What is left when the deadline passes, or null once everything is done. */
async function settleWithin(engine: SyncEngine, options: SyncOptions): Promise<string[] | null> {
  const { reached, clear } = timeoutOf(options.stop)
  try {
    const settled = await Promise.race([engine.settle(Math.max(0, options.deadline - Date.now())).then(() => 'done' as const), reached])
    return settled === 'done' ? null : [STOPPED]
  } catch (err) {
    if (!(err instanceof SettleTimeoutError)) return [(err as Error).message]
    // Never an empty list: a script must not read a timeout as "nothing left".
    return err.reasons.length ? err.reasons : [UNNAMED]
  } finally {
    clear()
  }
}

export async function syncOn(engine: SyncEngine, options: SyncOptions): Promise<SyncAnswer> {
  const rescue = await rescueWithin(engine, options)
  // Submissions stay journaled (held, not sent with a key the service refuses).
  if (!rescue.ok && rescue.kind === 'auth') return { rescue, left: [], saved: null }
  options.onServiceAnswered?.()
  const unchecked = !rescue.ok && rescue.kind === 'timeout' ? [UNCHECKED] : []
  const unrecorded = !rescue.ok && rescue.kind === 'local' ? [UNRECORDED(rescue.message)] : []
  const left = [...unchecked, ...unrecorded, ...((await settleWithin(engine, options)) ?? [])]
  const failed = !rescue.ok && (rescue.kind === 'unreachable' || rescue.kind === 'failed')
  return { rescue, left, saved: left.length || failed ? null : savedIn(engine) }
}

function savedIn(engine: SyncEngine): NonNullable<SyncAnswer['saved']> {
  const entries = engine.listLibrary({ limit: Number.MAX_SAFE_INTEGER }).entries
  const lost = entries.flatMap((e) => e.files.filter((f) => f.state === 'lost').map((f) => ({ jobId: e.jobId, index: f.index, reason: f.lostReason ?? '' })))
  const files = entries.reduce((n, e) => n + e.files.filter((f) => f.state === 'saved').length, 0)
  return { jobs: entries.length, files, lost }
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
