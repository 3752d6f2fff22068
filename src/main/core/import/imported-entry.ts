// The library entry of an imported picture: like the app's own, so it searches (prompt,
// negative prompt, model), filters (kind, model, dates) and remixes ("bring its settings
// back" reads the same parameter names A1111 text gives), with its tool and the settings
// text it came with kept beside. Its time is the original's: the gallery sorts it among
// the rest by when it was made, not by when it was imported.
import { importToolLabel, type ImportedFrom } from '../../../shared/app/library-import'
import { isForbiddenKey } from '../../../shared/app/safe-keys'
import type { LibraryEntry, LibraryFile } from '../../../shared/app/views'
import type { ToolSettings } from './tool-settings'

/** The raw texts an entry keeps: each at most this long, all of them together at most twice that. */
const MAX_RAW_CHARS = 64 * 1024
const MAX_RAW_TOTAL = 2 * MAX_RAW_CHARS
/** A picture with no settings names no model. */
export const UNKNOWN_MODEL = 'Unknown model'
/** A time a day past now is a clock's mistake (or a file's), not when the picture was made. */
const FUTURE_SLACK_MS = 24 * 3600_000

export interface ImportedFacts {
  id: string
  /** The original file's path. */
  source: string
  mtimeMs: number
  file: Pick<LibraryFile, 'path' | 'thumbnail' | 'bytes' | 'sha256' | 'mime' | 'width' | 'height' | 'look' | 'provenance'>
  settings: ToolSettings
  /** A picture this app made: its request's parameters, kept as its own entries keep them. */
  ownParams: Record<string, unknown> | null
  /** The entry already under this id (rebuilt by a repair after a crash): its favourite and boards stay. */
  earlier: LibraryEntry | undefined
  now: Date
}

/** The texts to keep in the entry, and the names of those left in the file alone. */
function keptRaw(raw: Record<string, string>): Pick<ImportedFrom, 'raw' | 'rawInFile'> {
  const kept: Record<string, string> = {}
  const inFile: string[] = []
  let total = 0
  for (const [key, text] of Object.entries(raw)) {
    if (isForbiddenKey(key)) continue
    if (text.length > MAX_RAW_CHARS || total + text.length > MAX_RAW_TOTAL) {
      inFile.push(key)
      continue
    }
    kept[key] = text
    total += text.length
  }
  return inFile.length > 0 ? { raw: kept, rawInFile: inFile } : { raw: kept }
}

/** The settings under the names the app's requests use, so a remix reads them as it reads A1111 text. */
function paramsOf(s: ToolSettings): Record<string, unknown> {
  const params: Record<string, unknown> = {}
  if (s.negativePrompt !== null) params.negative_prompt = s.negativePrompt
  if (s.seed !== null) params.seed = s.seed
  if (s.steps !== null) params.steps = s.steps
  if (s.cfg !== null) params.guidance_scale = s.cfg
  if (s.width !== null && s.height !== null) {
    params.width = s.width
    params.height = s.height
  }
  return params
}

function madeAt(mtimeMs: number, now: Date): string {
  const valid = Number.isFinite(mtimeMs) && mtimeMs > 0 && mtimeMs < now.getTime() + FUTURE_SLACK_MS
  return new Date(valid ? mtimeMs : now.getTime()).toISOString()
}

export function importedEntry(f: ImportedFacts): LibraryEntry {
  const s = f.settings
  const time = madeAt(f.mtimeMs, f.now)
  const model = s.model ?? (s.tool === 'none' ? UNKNOWN_MODEL : importToolLabel(s.tool))
  const imported: ImportedFrom = {
    tool: s.tool,
    source: f.source,
    importedAt: f.now.toISOString(),
    sampler: s.sampler,
    details: s.details,
    ...keptRaw(s.raw)
  }
  return {
    id: f.id, jobId: f.id, model, modality: 'image', prompt: s.prompt,
    params: f.ownParams ?? paramsOf(s),
    creditCost: null, createdAt: time, completedAt: time, savedAt: f.now.toISOString(), origin: 'import',
    files: [{ index: 0, role: 'image', url: null, state: 'saved', lostReason: null, durationSeconds: null, ...f.file }],
    inputs: [],
    favorite: f.earlier?.favorite ?? false,
    boards: f.earlier?.boards ?? [],
    imported
  }
}
