// The command line's submit command over the engine. Its exit code says what happened
// (see exit-codes.ts).
import { getModel } from '../../shared/api'
import type { Engine } from '../core/engine'
import type { JobRecord } from '../core/jobs/job-record'
import { AuthError } from '../core/client/http'
import { SubmitRefusedError } from '../core/jobs/unwritten'
import { SpendRefusal } from '../core/jobs/spend-guard'
import { indexCheckLine, reportLines } from '../core/library/repair/repair-report'
import { repairOffline } from '../core/library/repair/repair-offline'
import { str, UsageError } from './args'
import { accountDirOf, libraryForCommand } from './library-location'
import { EXIT } from './exit-codes'

type Out = (line: string) => void

function requestFrom(options: Record<string, string | boolean>): Record<string, unknown> {
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

function rejectedCode(record: JobRecord): number {
  if (record.errorDetails?.['Idempotency-Key']) return EXIT.keyReused
  return record.error === new AuthError().message ? EXIT.keyRejected : EXIT.rejected
}

function askFirstLine(r: SpendRefusal): string {
  return `This send costs ${r.cost.toLocaleString('en-US')} credits, above your ask-first threshold of ${r.limit.toLocaleString('en-US')} — nothing was sent; add --yes to send it.`
}

export async function submitCommand(engine: Engine, options: Record<string, string | boolean>, out: Out, err: Out): Promise<number> {
  const body = requestFrom(options)
  const key = str(options, 'idempotency-key')
  // A key this journal already answered for: the same request again is that job.
  const earlier = key === undefined ? undefined : engine.jobs().find((r) => r.idempotencyKey === key && r.jobId)
  let record: JobRecord
  try {
    record = await engine.submit(body, [], key, { confirmed: options.yes === true })
  } catch (refusal) {
    if (refusal instanceof SpendRefusal) {
      // Nothing was journaled: running it again once there is room (or with --yes) is safe.
      err(`error: ${refusal.reason === 'ask_first' ? askFirstLine(refusal) : refusal.message}`)
      return EXIT.overLimit
    }
    if (!(refusal instanceof SubmitRefusedError)) throw refusal
    // The journal never took it: nothing was sent, and nothing will be.
    err(`error: ${refusal.message}`)
    return EXIT.notTaken
  }
  if (record.submission === 'rejected') {
    if (rejectedCode(record) === EXIT.keyReused) err(`error: ${record.error}`)
    else out(`rejected: ${record.error}`)
    return rejectedCode(record)
  }
  if (record.submission === 'journaled') {
    // Journaled but unanswered (or the disk is full): `sync` sends it, or asks again, with the same key.
    out(`pending ${record.id}: ${record.error ?? 'not answered yet'}`)
    return EXIT.pending
  }
  if (earlier && record.id === earlier.id) err(`This Idempotency-Key was already used for this same request: job ${record.jobId}; nothing new was made.`)
  out(record.jobId!)
  return EXIT.ok
}

/**
 * Checks the whole library against the files on disk, with SQLite's own check of its
 * index, and prints what was repaired. Offline: no key, no base URL, nothing sent.
 */
export async function repairCommand(dataDir: string, out: Out, err: Out): Promise<number> {
  const accountDir = accountDirOf(dataDir)
  const libraryDir = await libraryForCommand(dataDir, err)
  if (libraryDir === null) return EXIT.failed
  const report = await repairOffline({ dataDir: accountDir, libraryDir: libraryDir, notice: (_level, message) => err(message) })
  out(`repair: checked ${report.checked} job folders`)
  const lines = reportLines(report)
  for (const line of lines) out(`  ${line}`)
  const checked = indexCheckLine(report)
  if (checked) out(`  ${checked}`)
  if (lines.length === 0) out('  nothing was damaged')
  return 0
}
