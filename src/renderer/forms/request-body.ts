// Builds the request body from what the form holds, in the shape the service validates:
// `model`, the prompt where the model takes one, and the model's block when it has
// anything in it (or always, for a model whose block is required).
import type { ModelInfo } from '../../shared/api'
import { promptLimit } from '../../shared/api'
import type { FieldSpec } from './field-spec'
import { t } from '../i18n/page-i18n'

export type RequestBody = Record<string, unknown>

export function buildBody(model: ModelInfo, prompt: string, params: Record<string, unknown>): RequestBody {
  const body: RequestBody = { model: model.id }
  if (promptLimit(model.prompt) !== undefined) body.prompt = prompt
  const block = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined))
  if (model.blockRequired || Object.keys(block).length > 0) body[model.blockName] = block
  return body
}

export type FreeformBody = { ok: true; body: RequestBody } | { ok: false; message: string }

/** A model the registry does not know: the user writes its extra properties as JSON. */
export function buildFreeformBody(modelId: string, prompt: string, freeform: string): FreeformBody {
  let extra: unknown
  try {
    extra = freeform.trim() === '' ? {} : JSON.parse(freeform)
  } catch (err) {
    return { ok: false, message: t('messages:freeform.notJson', { reason: err instanceof Error ? err.message : String(err) }) }
  }
  if (typeof extra !== 'object' || extra === null || Array.isArray(extra)) return { ok: false, message: t('messages:freeform.notObject') }
  const body: RequestBody = { ...(extra as RequestBody), model: modelId }
  if (prompt !== '') body.prompt = prompt
  return { ok: true, body }
}

/**
 * Which uploads this request uses, by field path, for the library's record of inputs.
 * `uploads` is the uploads store's map by URL (stores/uploads.ts); only each one's id is read.
 */
export function collectInputs(fields: FieldSpec[], params: Record<string, unknown>, uploads: Record<string, { uploadId: string }>): { field: string; uploadId: string }[] {
  const inputs: { field: string; uploadId: string }[] = []
  for (const f of fields) {
    const value = params[f.key]
    if (f.kind === 'uri' && typeof value === 'string') {
      const ref = uploads[value]
      if (ref) inputs.push({ field: f.path, uploadId: ref.uploadId })
    } else if (f.kind === 'uri-list' && Array.isArray(value)) {
      value.forEach((item, i) => {
        const ref = typeof item === 'string' ? uploads[item] : undefined
        if (ref) inputs.push({ field: `${f.path}.${i}`, uploadId: ref.uploadId })
      })
    }
  }
  return inputs
}
