// The request being composed in Create and in Tools. Kept in a store (not component
// state) so switching views keeps the work, and so the gallery's "Use as input" and the
// LoRA list's "Generate with this LoRA" can fill it in. Drafts, the last model per
// modality and the last settings per model are kept across restarts (saved.ts); what was
// kept is read as far as it can be, and a draft Create cannot show is set aside
// (draft-salvage.ts).
import { create } from 'zustand'
import type { Modality, ValidationDetails } from '../../shared/api'
import { keepDraftAside, readSavedDrafts, type SavedDraft, type SavedDrafts } from './draft-salvage'
import { swapUrlIn, urlsIn } from './draft-urls'
import { useModelPrefs } from './model-prefs'
import { writeSaved } from './saved'
import { toast } from './toasts'

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

const SAVED_KEY = 'drafts'

const strip = ({ modality, modelId, prompt, params, freeform }: Draft): SavedDraft => ({ modality, modelId, prompt, params, freeform })

/** What is kept: what the user wrote and chose, not the form's passing verdicts. */
function toSaved(s: Pick<DraftsState, 'drafts' | 'lastModel' | 'lastSettings'>): SavedDrafts {
  return { drafts: { create: strip(s.drafts.create), tools: strip(s.drafts.tools) }, lastModel: s.lastModel, lastSettings: s.lastSettings }
}

function initialState(): Pick<DraftsState, 'drafts' | 'lastModel' | 'lastSettings'> {
  const saved = readSavedDrafts(SAVED_KEY, (message) => toast.warning(message))
  const revive = (d: Partial<SavedDraft> | undefined, fallback: Modality): Draft => ({ ...emptyDraft(fallback), ...d })
  return {
    drafts: { create: revive(saved?.drafts.create, 'image'), tools: revive(saved?.drafts.tools, 'image') },
    lastModel: saved?.lastModel ?? {},
    lastSettings: saved?.lastSettings ?? {}
  }
}

interface DraftsState {
  drafts: Record<DraftId, Draft>
  /** The model last chosen per modality, so switching tabs back restores it. */
  lastModel: Partial<Record<Modality, string>>
  /** The settings last used with each model, so choosing it again brings them back. */
  lastSettings: Record<string, Record<string, unknown>>
  setModality(id: DraftId, modality: Modality, modelId: string | null, freeform?: string): void
  /** `start` seeds the new model's form: its free-form JSON, or parameters a tool presets. */
  setModel(id: DraftId, modelId: string, modality: Modality, start?: { freeform?: string; params?: Record<string, unknown> }): void
  /**
   * The user chose this model (the model picker, the palette): the draft takes it as
   * `setModel` does, and it is the first of the palette's recent models. The one place a
   * choice of model is recorded.
   */
  chooseModel(id: DraftId, modelId: string, modality: Modality, start?: { freeform?: string; params?: Record<string, unknown> }): void
  setPrompt(id: DraftId, prompt: string): void
  /** `path` is the field's JSON path, marked touched so its errors show. */
  setParam(id: DraftId, key: string, value: unknown, path: string): void
  setFreeform(id: DraftId, text: string): void
  touch(id: DraftId, path: string): void
  setServerDetails(id: DraftId, details: ValidationDetails | null): void
  prefill(id: DraftId, fill: { modality: Modality; modelId: string; prompt: string; params: Record<string, unknown> }): void
  /**
   * Create could not show the draft: a copy is kept aside, and the draft keeps its prompt,
   * modality and model with their settings cleared (the last ones of that model too).
   */
  setAside(id: DraftId, reason: string): void
  /** Every URL the drafts and the last settings of each model hold. */
  urlsNamed(): Set<string>
  /**
   * Puts `to` wherever a draft or a model's last settings hold the URL `from` (null takes it
   * out), leaving what the user touched as it was; answers the settings' keys it was under.
   */
  swapUrl(from: string, to: string | null): string[]
}

export const useDrafts = create<DraftsState>((set, get) => {
  const patch = (id: DraftId, change: (d: Draft) => Partial<Draft>) =>
    set((s) => ({ drafts: { ...s.drafts, [id]: { ...s.drafts[id], ...change(s.drafts[id]) } } }))
  const settingsOf = (modelId: string | null) => (modelId ? (get().lastSettings[modelId] ?? {}) : {})

  return {
    ...initialState(),
    setModality(id, modality, modelId, freeform) {
      // The prompt carries over between modalities; parameters belong to one model.
      patch(id, () => ({ modality, modelId, params: settingsOf(modelId), touched: {}, serverDetails: null, freeform: freeform ?? '{}' }))
    },
    setModel(id, modelId, modality, start) {
      patch(id, () => ({ modality, modelId, params: start?.params ?? settingsOf(modelId), touched: {}, serverDetails: null, freeform: start?.freeform ?? '{}' }))
      if (id === 'create') set((s) => ({ lastModel: { ...s.lastModel, [modality]: modelId } }))
    },
    chooseModel(id, modelId, modality, start) {
      get().setModel(id, modelId, modality, start)
      useModelPrefs.getState().used(modelId)
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
      const { modelId, params } = get().drafts[id]
      if (modelId) set((s) => ({ lastSettings: { ...s.lastSettings, [modelId]: params } }))
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
    },
    setAside(id, reason) {
      const d = get().drafts[id]
      keepDraftAside(strip(d), reason, (message) => toast.warning(message))
      patch(id, () => ({ ...emptyDraft(d.modality), modelId: d.modelId, prompt: d.prompt }))
      const modelId = d.modelId
      if (modelId && get().lastSettings[modelId]) {
        set((s) => {
          const { [modelId]: _cleared, ...rest } = s.lastSettings
          return { lastSettings: rest }
        })
      }
    },
    urlsNamed() {
      const { drafts, lastSettings } = get()
      return new Set([...Object.values(drafts), ...Object.values(lastSettings).map((params) => ({ params }))].flatMap((d) => urlsIn(d.params)))
    },
    swapUrl(from, to) {
      const { drafts, lastSettings } = get()
      const keys = new Set<string>()
      const swap = (params: Record<string, unknown>) => {
        const swapped = swapUrlIn(params, from, to)
        swapped?.keys.forEach((k) => keys.add(k))
        return swapped?.params ?? params
      }
      set({
        drafts: { create: { ...drafts.create, params: swap(drafts.create.params) }, tools: { ...drafts.tools, params: swap(drafts.tools.params) } },
        lastSettings: Object.fromEntries(Object.entries(lastSettings).map(([model, params]) => [model, swap(params)]))
      })
      return [...keys]
    }
  }
})

// Every change is written at once: the state is small, and a crash must not lose a draft.
useDrafts.subscribe((s, prev) => {
  if (s.drafts !== prev.drafts || s.lastModel !== prev.lastModel || s.lastSettings !== prev.lastSettings) writeSaved(SAVED_KEY, toSaved(s))
})
