// Which of an entry's files stands for it, and which URLs the page loads for it.
import type { LibraryEntry, LibraryFile } from '../../../shared/app/views'
import { getModel } from '../../../shared/api'
import { libraryUrl } from '../../api/transport'

const MAIN_ROLES: LibraryFile['role'][] = ['image', 'video', 'track']

/** The first saved main output; else the first main output; else any file. */
export function primaryFile(entry: LibraryEntry): LibraryFile | undefined {
  const main = entry.files.filter((f) => MAIN_ROLES.includes(f.role))
  return main.find((f) => f.state === 'saved') ?? main[0] ?? entry.files[0]
}

export function fileUrl(file: LibraryFile): string | null {
  return file.state === 'saved' && file.path ? libraryUrl(file.path) : null
}

export function thumbnailUrl(file: LibraryFile): string | null {
  if (file.thumbnail) return libraryUrl(file.thumbnail)
  return file.role === 'image' || file.role === 'grid' ? fileUrl(file) : null
}

/** A label for drags and alt text: the prompt's start or the model. */
export function entryTitle(entry: LibraryEntry): string {
  const p = entry.prompt?.trim()
  if (!p) return entry.model
  return p.length > 80 ? `${p.slice(0, 77)}…` : p
}

const ENVELOPE_KEYS = ['model', 'prompt', 'webhookUrl', 'webhookEvents']
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * The entry's parameter block. Entries keep the request's parameters under the block's
 * name (`{"v5Params": {...}}`); a flat record is taken as the block itself.
 */
export function entryBlock(entry: LibraryEntry): Record<string, unknown> {
  const key = getModel(entry.model)?.blockName ?? Object.keys(entry.params).find((k) => /Params$/.test(k))
  const nested = key ? entry.params[key] : undefined
  if (isRecord(nested)) return nested
  return Object.fromEntries(Object.entries(entry.params).filter(([k]) => !ENVELOPE_KEYS.includes(k)))
}
