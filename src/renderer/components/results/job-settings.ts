// A finished job's settings, read back from the request it was sent with, so a result
// can be run again or loaded into the form. Only the model's own block is kept: whatever
// the engine added on sending (webhooks) is not part of the user's settings.
import type { JobView } from '../../../shared/app/views'
import { getModel, type ModelInfo } from '../../../shared/api'
import { fieldsOf } from '../../forms/field-spec'
import { buildBody, type RequestBody } from '../../forms/request-body'

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

export interface JobSettings {
  model: ModelInfo
  prompt: string
  params: Record<string, unknown>
}

export function jobSettings(job: JobView): JobSettings | null {
  const model = getModel(job.model)
  if (!model) return null
  const block = job.request[model.blockName]
  return { model, prompt: job.prompt ?? '', params: isRecord(block) ? { ...block } : {} }
}

// Seeds are plain integers to the service; this range is what every family accepts.
const SEED_LIMIT = 2_147_483_647

/** The same request with a fresh seed, when the model takes one (else unchanged). */
export function withNewSeed(settings: JobSettings, random: () => number = Math.random): RequestBody {
  const params = { ...settings.params }
  if (fieldsOf(settings.model.block, settings.model.blockName).some((f) => f.key === 'seed')) params.seed = Math.floor(random() * SEED_LIMIT)
  return buildBody(settings.model, settings.prompt, params)
}
