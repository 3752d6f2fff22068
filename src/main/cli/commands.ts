// The command line's submit and repair commands: run here (submit on its own engine,
// repair offline), or handed to the process holding the data folder (hand-over.ts), the
// answer is printed the same way, and the exit code says what happened (see exit-codes.ts).
import { getModel } from '../../shared/api'
import type { RepairAnswer, SubmitAnswer } from '../../shared/app/handover'
import type { Engine } from '../core/engine'
import { submitOn } from '../core/commands/submit-on'
import { repairAnswerOf } from '../core/commands/engine-commands'
import { HandoverRefusal } from '../core/handover/holder-commands'
import { repairOffline } from '../core/library/repair/repair-offline'
import { renderNotice } from '../core/i18n/notice-text'
import { str, UsageError } from './args'
import { accountDirOf, libraryForCommand } from './library-location'
import { EXIT } from './exit-codes'
import { refusalExit } from './held'

type Out = (line: string) => void

/** The request `submit`'s options describe; a usage error names the option at fault. */
export function submitRequestFrom(options: Record<string, string | boolean>): Record<string, unknown> {
  const model = str(options, 'model')
  if (!model) throw new UsageError('submit needs --model')
  let params: Record<string, unknown> | undefined
  const paramsText = str(options, 'params')
  if (paramsText) {
    try {
      params = JSON.parse(paramsText) as Record<string, unknown>
    } catch {
      throw new UsageError('--params must be JSON, e.g. \'{"aspect_ratio":"16:9"}\'')
    }
  }
  const info = getModel(model)
  const body: Record<string, unknown> = { model }
  const prompt = str(options, 'prompt')
  if (prompt !== undefined) body.prompt = prompt
  if (params) body[info?.blockName ?? `${model.split('-')[0]}Params`] = params
  return body
}

const REJECTED_CODE = { request: EXIT.rejected, key: EXIT.keyRejected, 'idempotency-key': EXIT.keyReused } as const
const SAME_KEY = (jobId: string) => `This Idempotency-Key was already used for this same request: job ${jobId}; nothing new was made.`

/** Prints a submission's answer (the job id alone on standard output when sent) and returns its exit code. */
export function printSubmit(answer: SubmitAnswer, out: Out, err: Out): number {
  if (answer.outcome === 'rejected') {
    if (answer.by === 'idempotency-key') err(`error: ${answer.reason}`)
    else out(`rejected: ${answer.reason}`)
    return REJECTED_CODE[answer.by]
  }
  if (answer.outcome === 'journaled') {
    // Journaled but unanswered (or the disk is full): `sync` sends it, or asks again, with the same key.
    out(`pending ${answer.localId}: ${answer.reason ?? 'not answered yet'}`)
    return EXIT.pending
  }
  if (answer.again) err(SAME_KEY(answer.jobId))
  out(answer.jobId)
  return EXIT.ok
}

/** `submit` on this process's own engine, held to the spending limits (`--yes` confirms a send above the ask-first threshold). */
export async function submitCommand(engine: Engine, options: Record<string, string | boolean>, out: Out, err: Out): Promise<number> {
  const body = submitRequestFrom(options)
  try {
    return printSubmit(await submitOn(engine, body, str(options, 'idempotency-key'), options.yes === true), out, err)
  } catch (refusal) {
    // Not taken, or refused by a spending limit (nothing was sent, and nothing will be), or another process took the folder.
    if (!(refusal instanceof HandoverRefusal) || refusal.code === 'validation') throw refusal
    const spend = refusal.spend ? { spend: refusal.spend } : {}
    return refusalExit(err, { code: refusal.code, message: refusal.message, pid: process.pid, ...spend }, null)
  }
}

/** Prints what a repair checked and found, the same wherever it ran. */
export function printRepair(answer: RepairAnswer, out: Out): number {
  out(`repair: checked ${answer.checked} job folders`)
  for (const line of answer.lines) out(`  ${line}`)
  if (answer.indexCheck) out(`  ${answer.indexCheck}`)
  if (answer.lines.length === 0) out('  nothing was damaged')
  return EXIT.ok
}

/**
 * Checks the whole library against the files on disk, with SQLite's own check of its
 * index, and prints what was repaired. Offline: no key, no base URL, nothing sent. The
 * library is found where a move put it (a note that leads nowhere: exit 1, nothing touched).
 */
export async function repairCommand(dataDir: string, out: Out, err: Out): Promise<number> {
  const libraryDir = await libraryForCommand(dataDir, err)
  if (libraryDir === null) return EXIT.failed
  const report = await repairOffline({ dataDir: accountDirOf(dataDir), libraryDir, notice: (_level, text) => err(renderNotice(text)) })
  return printRepair(repairAnswerOf(report), out)
}
