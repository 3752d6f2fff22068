// `submit`, `sync`, `import`, `repair` and a change of `limits` beside a running app:
// when another process holds the data folder (the app, `serve`, a `sync`), the command is
// handed to it over its owner-only socket (core/handover) and its answer printed here,
// exactly as the command's own run prints it, with the same exit codes. No key is needed then: the holder uses its
// own. Nobody serving the folder, the command runs itself; a holder that does not answer
// is named and the command exits 10, so a script can wait and retry.
import { randomUUID } from 'node:crypto'
import { resolve } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { HANDOVER_COMMANDS, type HandoverCommand } from '../../shared/app/handover'
import { askHolder, type AskOptions, type HolderReply } from '../core/handover/handover-client'
import { folderHolder } from '../core/fs/folder-lock'
import { str } from './args'
import { printRepair, printSubmit, submitRequestFrom } from './commands'
import { EXIT } from './exit-codes'
import { refusalExit, silentExit } from './held'
import { importNewsPrinter, printImport } from './import'
import { limitsSetFrom, printLimits } from './limits'
import { accountDirOf } from './library-location'
import { cancellable } from './stop-signals'
import { printSync, syncTimeoutSeconds } from './sync'
import { tm } from '../core/i18n/main-i18n'

type Out = (line: string) => void

const HANDED = (dir: string, pid: number) => tm('cli:handover.handed', { dir, pid })
const SUBMIT_CUT = (pid: number, why: string, key: string) => tm('cli:handover.submitCut', { pid, why, key })
const CUT = (pid: number, why: string) => tm('cli:handover.cut', { pid, why })

/** A holder that has just taken the folder opens its door a moment later: asked this often, this many times. */
const SOON_EVERY_MS = 250
const SOON_TRIES = 12

export function isHandedCommand(command: string): command is HandoverCommand {
  return (HANDOVER_COMMANDS as readonly string[]).includes(command)
}

export interface HandOverContext {
  dataDir: string
  options: Record<string, string | boolean>
  rest: string[]
  out: Out
  err: Out
  /** When the command started: `sync --timeout` counts from here. */
  startedAt: number
  /** How long the holder has to take the request (tests shorten it). */
  acceptWaitMs?: number
}

/**
 * Hands the command to the process holding the data folder and prints its answer; the exit
 * code, or null when no process serves the folder (the command then runs itself).
 * Usage errors are thrown before any holder is asked, as the command's own run throws them.
 */
export async function handOver(command: HandoverCommand, ctx: HandOverContext): Promise<number | null> {
  const dir = accountDirOf(ctx.dataDir)
  const ask: AskOptions = {
    onAccepted: (pid) => ctx.err(HANDED(dir, pid)),
    ...(ctx.acceptWaitMs !== undefined ? { acceptWaitMs: ctx.acceptWaitMs } : {})
  }
  const ended = async <C extends HandoverCommand>(reply: HolderReply<C>, cut: (pid: number, why: string) => number, print: (answer: Extract<HolderReply<C>, { kind: 'answered' }>['answer']) => number, key?: string) => {
    if (reply.kind === 'absent') return null
    if (reply.kind === 'silent') return silentExit(ctx.err, await folderHolder(dir), key)
    if (reply.kind === 'refused') return refusalExit(ctx.err, reply.refusal, reply.refusal.pid)
    if (reply.kind === 'cut') return cut(reply.pid, reply.why)
    return print(reply.answer)
  }
  const heldCut = (pid: number, why: string) => (ctx.err(CUT(pid, why)), EXIT.folderHeld)
  switch (command) {
    case 'submit': {
      const request = submitRequestFrom(ctx.options)
      const given = str(ctx.options, 'idempotency-key')
      // Always a key: an answer lost on the way can then be asked for again without paying twice.
      const idempotencyKey = given ?? randomUUID()
      // `--yes` goes with it: the holder holds the send to the spending limits as this process would.
      const reply = await askHolder<'submit'>(dir, { command, request, idempotencyKey, confirmed: ctx.options.yes === true }, ask)
      return ended(reply, (pid, why) => (ctx.err(SUBMIT_CUT(pid, why, idempotencyKey)), EXIT.failed), (a) => printSubmit(a, ctx.out, ctx.err), idempotencyKey)
    }
    case 'sync': {
      const timeoutS = syncTimeoutSeconds(ctx.options)
      const timeoutMs = Math.max(1, Math.round(ctx.startedAt + timeoutS * 1000 - Date.now()))
      // The holder answers at its deadline at the latest; one that has not by a minute after is not answering.
      const reply = await askHolder<'sync'>(dir, { command, timeoutMs }, { ...ask, answerWaitMs: timeoutMs + 60_000 })
      return ended(reply, heldCut, (a) => printSync(a, { out: ctx.out, err: ctx.err, timeoutS, handed: true }))
    }
    case 'import': {
      const folder = resolve(ctx.rest[0]!)
      let interrupted = false
      const reply = await cancellable((signal) => {
        signal.addEventListener('abort', () => (interrupted = true))
        return askHolder<'import'>(dir, { command, dir: folder }, { ...ask, onNews: importNewsPrinter(ctx.out), signal })
      })
      const cut = (pid: number, why: string) => (interrupted ? (ctx.err(tm('cli:import.stoppedHanded')), EXIT.interrupted) : heldCut(pid, why))
      return ended(reply, cut, (a) => printImport(a, interrupted, ctx.out, ctx.err))
    }
    case 'repair':
      return ended(await askHolder<'repair'>(dir, { command }, ask), heldCut, (a) => printRepair(a, ctx.out))
    case 'limits':
      return ended(await askHolder<'limits'>(dir, { command, set: limitsSetFrom(ctx.options) }, ask), heldCut, (a) => printLimits(a, ctx.out))
  }
}

/**
 * After the folder turned out to be held: a holder that has just taken it opens its door a
 * moment later, so it is asked a few more times before the command gives up (exit 10).
 */
export async function handOverSoon(command: HandoverCommand, ctx: HandOverContext): Promise<number | null> {
  for (let i = 0; i < SOON_TRIES; i++) {
    await delay(SOON_EVERY_MS)
    const code = await handOver(command, ctx)
    if (code !== null) return code
  }
  return null
}
