// What the page keeps across restarts (drafts, the last model per modality, the last
// settings per model, the current view), in the page's own localStorage: the renderer
// has no file system, and none of this is worth an IPC route. A value that no longer
// parses (an older shape, a hand edit) is dropped rather than trusted.
import type { z } from 'zod'

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
