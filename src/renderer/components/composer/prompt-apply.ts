// What the prompt tools do to Create's form: bring back a prompt from the history with its
// model and settings, put a saved prompt in, and add or take out a style's fragment in the
// prompt or the negative prompt.
import { getModel } from '../../../shared/api'
import type { FieldSpec } from '../../forms/field-spec'
import { useDrafts } from '../../stores/drafts'
import { useNavigation } from '../../stores/navigation'
import type { HistoryItem, PromptStyle } from '../../stores/prompt-library'
import { toast } from '../../stores/toasts'
import { viewFor } from '../actions/tool-defs'
import { hasStyle, withoutStyle, withStyle } from './style-text'
import type { Composer } from './use-composer'

export function applyHistory(item: HistoryItem): void {
  const drafts = useDrafts.getState()
  const model = item.modelId ? getModel(item.modelId) : undefined
  if (!model) {
    drafts.setPrompt('create', item.prompt)
    return toast.info(`Prompt loaded; ${item.modelId ?? 'its model'} is not a model this app knows, so the settings stay as they are`)
  }
  // A row of an edit, an upscale or a background removal (an action on a result) opens in Tools.
  const view = viewFor(model.kind)
  drafts.prefill(view, { modality: model.modality, modelId: model.id, prompt: item.prompt, params: item.params })
  if (view !== 'create') useNavigation.getState().go(view)
  toast.info(`Prompt and settings loaded into ${model.label}`)
}

export function applySavedPrompt(prompt: string): void {
  useDrafts.getState().setPrompt('create', prompt)
}

/** The open model's negative prompt field, where a negative style goes. */
export function negativeField(c: Composer): FieldSpec | undefined {
  return c.fields.find((f) => f.kind === 'text' && /^negative/.test(f.key))
}

function targetText(c: Composer, style: PromptStyle): string | null {
  if (style.target === 'prompt') return c.draft.prompt
  const field = negativeField(c)
  if (!field) return null
  const value = c.draft.params[field.key]
  return typeof value === 'string' ? value : ''
}

/** Whether the style's fragment is in its text now; null when the model has no such text. */
export function styleApplied(c: Composer, style: PromptStyle): boolean | null {
  const text = targetText(c, style)
  return text === null ? null : hasStyle(text, style.fragment)
}

export function toggleStyle(c: Composer, style: PromptStyle): void {
  const text = targetText(c, style)
  if (text === null) return
  const next = hasStyle(text, style.fragment) ? withoutStyle(text, style.fragment) : withStyle(text, style.fragment)
  const drafts = useDrafts.getState()
  if (style.target === 'prompt') return drafts.setPrompt(c.draftId, next)
  const field = negativeField(c)
  if (field) drafts.setParam(c.draftId, field.key, next === '' ? undefined : next, field.path)
}
