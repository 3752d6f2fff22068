// The command line's commands over the engine.
import { getModel } from '../../shared/api'
import { SettleTimeoutError, type Engine } from '../core/engine'
import { str, UsageError } from './args'

type Out = (line: string) => void

export async function submitCommand(engine: Engine, options: Record<string, string | boolean>, out: Out): Promise<number> {
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
  const record = await engine.submitter.submit(body, [], str(options, 'idempotency-key'))
  if (record.submission === 'rejected') {
    out(`rejected: ${record.error}`)
    return 2
  }
  if (record.submission === 'journaled') {
    // Journaled but unanswered: `sync` sends it again with the same key.
    out(`pending ${record.id}: ${record.error ?? 'not answered yet'}`)
    return 3
  }
  out(record.jobId!)
  return 0
}

/** The seconds `sync` may run (`--timeout`, default 600). */
function syncTimeoutSeconds(options: Record<string, string | boolean>): number {
  const timeoutS = Number(str(options, 'timeout') ?? 600)
  if (!Number.isFinite(timeoutS) || timeoutS <= 0) throw new UsageError('--timeout takes seconds')
  return timeoutS
}

export async function syncCommand(engine: Engine, options: Record<string, string | boolean>, out: Out, startedAt = Date.now()): Promise<number> {
  const timeoutS = syncTimeoutSeconds(options)
  const deadline = startedAt + timeoutS * 1000
  // A rescue stuck on an unreachable service must not outlive the timeout either.
  const report = await Promise.race([
    engine.runRescue(),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer before the timeout')), Math.max(0, deadline - Date.now())).unref())
  ]).catch((err: Error) => {
    out(`rescue failed: ${err.message}`)
    return null
  })
  if (report) out(`rescue: scanned ${report.scanned} jobs, saving ${report.rescued}${report.adopted ? ` (${report.adopted} from elsewhere)` : ''}`)
  try {
    await engine.settle(Math.max(0, deadline - Date.now()))
  } catch (err) {
    const reasons = err instanceof SettleTimeoutError ? err.reasons : [(err as Error).message]
    out(`timed out after ${timeoutS} s with work left:`)
    for (const line of reasons) out(`  ${line}`)
    return 4
  }
  const entries = engine.library.list({ limit: Number.MAX_SAFE_INTEGER }).entries
  const lost = entries.flatMap((e) => e.files.filter((f) => f.state === 'lost').map((f) => ({ e, f })))
  const files = entries.reduce((n, e) => n + e.files.filter((f) => f.state === 'saved').length, 0)
  out(`synced: ${entries.length} jobs in the library, ${files} files saved`)
  // Lost means the service purged it: nothing a later sync can do, but the user must know.
  if (lost.length) {
    for (const { e, f } of lost) out(`lost: job ${e.jobId} output ${f.index}: ${f.lostReason}`)
    return 5
  }
  return 0
}

export function lsCommand(engine: Engine, options: Record<string, string | boolean>, out: Out): number {
  const entries = engine.library.list({ limit: Number.MAX_SAFE_INTEGER }).entries
  if (options.json) {
    out(JSON.stringify(entries.map((e) => ({
      jobId: e.jobId, model: e.model, prompt: e.prompt, creditCost: e.creditCost, completedAt: e.completedAt,
      files: e.files.map((f) => ({ index: f.index, state: f.state, path: f.path ? engine.library.paths.abs(f.path) : null, bytes: f.bytes, sha256: f.sha256, lostReason: f.lostReason }))
    })), null, 2))
    return 0
  }
  for (const e of entries) {
    out(`${e.jobId}  ${e.model}  ${JSON.stringify((e.prompt ?? '').slice(0, 60))}`)
    for (const f of e.files) {
      out(f.state === 'saved' ? `  ${engine.library.paths.abs(f.path!)}  ${f.bytes} bytes  sha256 ${f.sha256}` : `  output ${f.index}: ${f.state}${f.lostReason ? ` (${f.lostReason})` : ''}`)
    }
  }
  return 0
}
