// The request being composed in Create and in Tools. Kept in a store (not component
// state) so switching views keeps the work, and so the gallery's "Use as input" and the
// LoRA list's "Generate with this LoRA" can fill it in.
import { create } from 'zustand'
import type { Modality, ValidationDetails } from '../../shared/api'

export type DraftId = 'create' | 'tools'

export interface Draft {
  modality: Modality
  modelId: string | null
  prompt: string
  params: Record<string, unknown>
  /** Paths the user has changed; their errors show inline while untouched ones wait. */
  touched: Record<string, true>
  /** Errors the engine returned for the last submission, until the next edit. */
  serverDetails: ValidationDetails | null
  /** JSON of extra request properties, for a catalog model the registry does not know. */
  freeform: string
}

const emptyDraft = (modality: Modality): Draft => ({
  modality,
  modelId: null,
  prompt: '',
  params: {},
  touched: {},
  serverDetails: null,
  freeform: '{}'
})

interface DraftsState {
  drafts: Record<DraftId, Draft>
  /** The model last chosen per modality, so switching tabs back restores it. */
  lastModel: Partial<Record<Modality, string>>
  setModality(id: DraftId, modality: Modality, modelId: string | null, freeform?: string): void
  /** `start` seeds the new model's form: its free-form JSON, or parameters a tool presets. */
  setModel(id: DraftId, modelId: string, modality: Modality, start?: { freeform?: string; params?: Record<string, unknown> }): void
  setPrompt(id: DraftId, prompt: string): void
  /** `path` is the field's JSON path, marked touched so its errors show. */
  setParam(id: DraftId, key: string, value: unknown, path: string): void
  setFreeform(id: DraftId, text: string): void
  touch(id: DraftId, path: string): void
  setServerDetails(id: DraftId, details: ValidationDetails | null): void
  prefill(id: DraftId, fill: { modality: Modality; modelId: string; prompt: string; params: Record<string, unknown> }): void
}

export const useDrafts = create<DraftsState>((set) => {
  const patch = (id: DraftId, change: (d: Draft) => Partial<Draft>) =>
    set((s) => ({ drafts: { ...s.drafts, [id]: { ...s.drafts[id], ...change(s.drafts[id]) } } }))

  return {
    drafts: { create: emptyDraft('image'), tools: emptyDraft('image') },
    lastModel: {},
    setModality(id, modality, modelId, freeform) {
      // The prompt carries over between modalities; parameters belong to one model.
      patch(id, () => ({ modality, modelId, params: {}, touched: {}, serverDetails: null, freeform: freeform ?? '{}' }))
    },
    setModel(id, modelId, modality, start) {
      patch(id, () => ({ modality, modelId, params: start?.params ?? {}, touched: {}, serverDetails: null, freeform: start?.freeform ?? '{}' }))
      if (id === 'create') set((s) => ({ lastModel: { ...s.lastModel, [modality]: modelId } }))
    },
    setPrompt(id, prompt) {
      patch(id, (d) => ({ prompt, touched: { ...d.touched, prompt: true }, serverDetails: null }))
    },
    setParam(id, key, value, path) {
      patch(id, (d) => {
        const params = { ...d.params }
        if (value === undefined) delete params[key]
        else params[key] = value
        return { params, touched: { ...d.touched, [path]: true }, serverDetails: null }
      })
    },
    setFreeform(id, text) {
      patch(id, (d) => ({ freeform: text, touched: { ...d.touched, $: true }, serverDetails: null }))
    },
    touch(id, path) {
      patch(id, (d) => (d.touched[path] ? {} : { touched: { ...d.touched, [path]: true } }))
    },
    setServerDetails(id, details) {
      patch(id, () => ({ serverDetails: details }))
    },
    prefill(id, fill) {
      patch(id, () => ({ ...fill, touched: {}, serverDetails: null, freeform: '{}' }))
      if (id === 'create') set((s) => ({ lastModel: { ...s.lastModel, [fill.modality]: fill.modelId } }))
    }
  }
})
