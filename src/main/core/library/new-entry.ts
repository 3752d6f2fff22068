// A job's library entry as it is first written: every output of its result listed as
// pending (or lost, when the service already says the job expired), with the request's
// prompt and parameters kept for remixing.
import { getModel } from '../../../shared/api'
import type { LibraryEntry, LibraryFile } from '../../../shared/app/views'
import type { JobRecord } from '../jobs/job-record'
import { MAX_OUTPUTS_PER_JOB } from '../downloads/output-limits'
import { findOutputs } from './output-urls'
import { tm } from '../i18n/main-i18n'

/** Why an output the service purged first is lost, in main's language when it is written down. */
export const lostExpired = (): string => tm('main:lost.expired')

function modalityOf(model: string): LibraryEntry['modality'] {
  if (model.startsWith('lv-')) return 'video'
  return getModel(model)?.modality ?? 'image'
}

function paramsOf(record: JobRecord): Record<string, unknown> {
  const { prompt: _p, model: _m, webhookUrl: _u, webhookEvents: _e, webhook_url: _lu, webhook_secret: _ls, ...rest } = record.request
  return rest
}

/**
 * One lost file standing for the outputs past the cap, so that the user is told how many
 * the service listed and why they were not saved (their URLs are not kept).
 */
function excessOutputs(listed: number): LibraryFile {
  return {
    index: MAX_OUTPUTS_PER_JOB, role: 'other', path: null, thumbnail: null, state: 'lost',
    lostReason: tm('main:lost.overCap', { listed, max: MAX_OUTPUTS_PER_JOB, dropped: listed - MAX_OUTPUTS_PER_JOB }),
    bytes: null, sha256: null, mime: null, width: null, height: null, durationSeconds: null, url: null
  }
}

/** The first version of a completed job's entry; `expiredReason` marks outputs of an expired job. */
export function newLibraryEntry(record: JobRecord, expiredReason: string): LibraryEntry {
  const outputs = findOutputs(record.result)
  const files: LibraryFile[] = outputs.slice(0, MAX_OUTPUTS_PER_JOB).map((o) => ({
    index: o.index, role: o.role, path: null, thumbnail: null,
    state: record.expired ? 'lost' : 'pending', lostReason: record.expired ? expiredReason : null,
    bytes: null, sha256: null, mime: null, width: null, height: null, durationSeconds: null, url: o.url
  }))
  if (outputs.length > MAX_OUTPUTS_PER_JOB) files.push(excessOutputs(outputs.length))
  return {
    id: record.jobId!, jobId: record.jobId!, model: record.model, modality: modalityOf(record.model),
    prompt: typeof record.request.prompt === 'string' ? record.request.prompt : null,
    params: paramsOf(record), creditCost: record.creditCost, createdAt: record.createdAt,
    completedAt: record.completedAt ?? record.updatedAt, savedAt: null, origin: record.origin, files, inputs: record.inputs,
    favorite: false, boards: []
  }
}
