// A kept draft is the user's own writing, and no shape of it may stop Create from showing.
// Reading: what parses is kept field by field (a prompt survives whatever happened to the
// settings beside it), the stored text as it was is kept aside under another key, and the
// user is told. Showing: a draft Create could not show is copied aside before its settings
// are cleared (see DraftErrorBoundary), so nothing the user wrote is lost either way.
import { z } from 'zod'
import type { Modality } from '../../shared/api'
import { readSavedText, writeSaved } from './saved'
import { t } from '../i18n/page-i18n'

export const DAMAGED_DRAFTS_KEY = 'drafts.damaged'
export const SET_ASIDE_DRAFTS_KEY = 'drafts.set-aside'
/** Drafts set aside are kept, newest first, up to this many. */
const MAX_SET_ASIDE = 5

const modality = z.enum(['image', 'video', 'music'])
const params = z.record(z.string(), z.unknown())
export const savedDraft = z.object({ modality, modelId: z.string().nullable(), prompt: z.string(), params, freeform: z.string() })
export type SavedDraft = z.infer<typeof savedDraft>
const lastModel = z.partialRecord(modality, z.string())

export interface SavedDrafts {
  drafts: { create?: Partial<SavedDraft>; tools?: Partial<SavedDraft> }
  lastModel: Partial<Record<Modality, string>>
  lastSettings: Record<string, Record<string, unknown>>
}

const MESSAGES = {
  damaged: (key: string) => t('messages:drafts.damaged', { key }),
  setAside: (reason: string, key: string) => t('messages:drafts.setAside', { reason: reason.replace(/\.+$/, ''), key })
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Each field of a draft that parses on its own; `lost` when any did not. */
function draftFields(value: unknown): { draft: Partial<SavedDraft>; lost: boolean } {
  if (value === undefined) return { draft: {}, lost: false }
  const whole = savedDraft.safeParse(value)
  if (whole.success) return { draft: whole.data, lost: false }
  if (!isRecord(value)) return { draft: {}, lost: true }
  const draft: Partial<SavedDraft> = {}
  const take = <K extends keyof SavedDraft>(key: K) => {
    const field = savedDraft.shape[key].safeParse(value[key])
    if (field.success) draft[key] = field.data as SavedDraft[K]
  }
  for (const key of Object.keys(savedDraft.shape) as (keyof SavedDraft)[]) take(key)
  return { draft, lost: true }
}

/** The settings per model that parse, one model at a time. */
function settingsFields(value: unknown): { settings: Record<string, Record<string, unknown>>; lost: boolean } {
  if (value === undefined) return { settings: {}, lost: false }
  if (!isRecord(value)) return { settings: {}, lost: true }
  const settings: Record<string, Record<string, unknown>> = {}
  let lost = false
  for (const [model, p] of Object.entries(value)) {
    if (isRecord(p)) settings[model] = p
    else lost = true
  }
  return { settings, lost }
}

function salvage(text: string): { saved: SavedDrafts; lost: boolean } {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return { saved: { drafts: {}, lastModel: {}, lastSettings: {} }, lost: true }
  }
  const root = isRecord(raw) ? raw : {}
  const drafts = isRecord(root.drafts) ? root.drafts : {}
  const create = draftFields(drafts.create)
  const tools = draftFields(drafts.tools)
  const models = lastModel.safeParse(root.lastModel ?? {})
  const settings = settingsFields(root.lastSettings)
  return {
    saved: { drafts: { create: create.draft, tools: tools.draft }, lastModel: models.success ? models.data : {}, lastSettings: settings.settings },
    lost: !isRecord(raw) || !isRecord(root.drafts) || create.lost || tools.lost || !models.success || settings.lost
  }
}

/** What was kept under `key`, read as far as it can be; `warn` is told when anything was not. */
export function readSavedDrafts(key: string, warn: (message: string) => void): SavedDrafts | undefined {
  const text = readSavedText(key)
  if (text === null) return undefined
  const { saved, lost } = salvage(text)
  if (lost) {
    writeSaved(DAMAGED_DRAFTS_KEY, text)
    warn(MESSAGES.damaged(DAMAGED_DRAFTS_KEY))
  }
  return saved
}

function setAsideDrafts(): unknown[] {
  try {
    const kept: unknown = JSON.parse(readSavedText(SET_ASIDE_DRAFTS_KEY) ?? '[]')
    return Array.isArray(kept) ? kept : []
  } catch {
    return []
  }
}

/** Keeps a copy of a draft Create could not show, newest first; says so through `warn`. */
export function keepDraftAside(draft: SavedDraft, reason: string, warn: (message: string) => void): void {
  const before = setAsideDrafts()
  // The same draft failing again (Try again) is kept once.
  if (JSON.stringify(before[0]) !== JSON.stringify(draft)) writeSaved(SET_ASIDE_DRAFTS_KEY, [draft, ...before].slice(0, MAX_SET_ASIDE))
  warn(MESSAGES.setAside(reason, SET_ASIDE_DRAFTS_KEY))
}
