// Everything a form needs about the request being composed: the chosen model, its
// generated fields, the request body, and its problems as the service would name them.
import { useMemo } from 'react'
import type { JobKind, Modality, ModelInfo, ValidationDetails } from '../../../shared/api'
import { parseGenerationRequest, promptLimit } from '../../../shared/api'
import { fieldsOf, type FieldSpec } from '../../forms/field-spec'
import { mergeDetails } from '../../forms/field-errors'
import { buildBody, buildFreeformBody, type RequestBody } from '../../forms/request-body'
import { useCatalog } from '../../stores/catalog'
import { useDrafts, type Draft, type DraftId } from '../../stores/drafts'
import { modelOptions, type ModelOption } from './model-options'

/** Marks "show every error", set when the user tries to submit an invalid form. */
export const REVEAL_ALL = '*'

export interface Composer {
  draftId: DraftId
  draft: Draft
  options: ModelOption[]
  option: ModelOption | undefined
  model: ModelInfo | undefined
  fields: FieldSpec[]
  body: RequestBody | null
  /** Every problem, local and from the engine. */
  details: ValidationDetails
  /** The problems to show inline: those of touched fields, or all once revealed. */
  visibleDetails: ValidationDetails
  valid: boolean
  /** Character limit of the prompt; undefined when the model takes no prompt or is unknown. */
  promptLimit: number | undefined
  takesPrompt: boolean
}

function isVisible(path: string, touched: Record<string, true>): boolean {
  if (touched[REVEAL_ALL]) return true
  const parts = path.split('.')
  for (let i = parts.length; i > 0; i--) if (touched[parts.slice(0, i).join('.')]) return true
  return false
}

export function useComposer(draftId: DraftId, kinds: readonly JobKind[], modality: Modality | null, allowUnknown: boolean): Composer {
  const draft = useDrafts((s) => s.drafts[draftId])
  const catalog = useCatalog((s) => s.models)

  const options = useMemo(() => modelOptions(catalog, kinds, modality, allowUnknown), [catalog, kinds, modality, allowUnknown])
  const option = options.find((o) => o.id === draft.modelId) ?? options[0]
  const model = option?.model

  return useMemo(() => {
    const fields = model ? fieldsOf(model.block, model.blockName) : []
    let body: RequestBody | null = null
    let local: ValidationDetails = {}
    if (model) {
      body = buildBody(model, draft.prompt, draft.params)
      const parsed = parseGenerationRequest(body, kinds)
      if (!parsed.ok) local = parsed.details
    } else if (option) {
      const built = buildFreeformBody(option.id, draft.prompt, draft.freeform)
      if (built.ok) body = built.body
      else local = { $: [built.message] }
    } else {
      local = { model: ['No model is available'] }
    }
    const details = mergeDetails(local, draft.serverDetails)
    const visibleDetails = Object.fromEntries(
      Object.entries(details).filter(([path]) => draft.serverDetails?.[path] || isVisible(path, draft.touched))
    )
    const limit = model ? promptLimit(model.prompt) : undefined
    return {
      draftId,
      draft,
      options,
      option,
      model,
      fields,
      body,
      details,
      visibleDetails,
      valid: body !== null && Object.keys(local).length === 0,
      promptLimit: limit,
      takesPrompt: model ? limit !== undefined : true
    }
  }, [draftId, draft, options, option, model, kinds])
}
