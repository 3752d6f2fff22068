// What the page keeps across restarts (drafts, the last model per modality, the last
// settings per model, the current view), in the page's own localStorage: the renderer
// has no file system, and none of this is worth an IPC route. A value that no longer
// parses (an older shape, a hand edit) is dropped rather than trusted.
import type { z } from 'zod'
import { t } from '../i18n/page-i18n'

const PREFIX = 'mediagen:'

export function readSaved<T>(key: string, schema: z.ZodType<T>): T | undefined {
  try {
    const text = globalThis.localStorage?.getItem(PREFIX + key)
    if (!text) return undefined
    const parsed = schema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

export function writeSaved(key: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(PREFIX + key, JSON.stringify(value))
  } catch {
    // Storage full or refused (a private window): the page works on without it.
  }
}

/** The stored text under `key`, unparsed, for a store that salvages what it can of a damaged value. */
export function readSavedText(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(PREFIX + key) ?? null
  } catch {
    return null
  }
}

/**
 * A kept list read item by item: what still parses is kept, the rest is dropped, and the
 * user is told that `what` was partly or wholly unreadable (a hand edit, a damaged profile).
 * The list written back next holds only what was kept.
 */
/** Which kept list a warning is about. */
export type SavedListKind = 'history' | 'saved' | 'styles' | 'results'

export function readSavedList<T>(key: string, item: z.ZodType<T>, what: SavedListKind, warn: (message: string) => void): T[] {
  const text = readSavedText(key)
  if (!text) return []
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    value = undefined
  }
  const list = Array.isArray(value) ? value : []
  const kept = list.flatMap((v) => {
    const parsed = item.safeParse(v)
    return parsed.success ? [parsed.data] : []
  })
  if (!Array.isArray(value)) warn(t('messages:savedList.cleared', { what }))
  else if (kept.length < list.length) warn(t('messages:savedList.dropped', { what, dropped: list.length - kept.length, total: list.length }))
  return kept
}
