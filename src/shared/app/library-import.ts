// Pictures imported from other tools: which tool made each one (as its settings say), what
// the entry keeps of where it came from, and how an import of a folder goes and ends.
import { z } from 'zod'

/** The tools whose settings the import reads, by the name the entry keeps, with how the user knows them. */
export const IMPORT_TOOLS = {
  a1111: 'A1111',
  forge: 'Forge',
  sdnext: 'SD.Next',
  comfyui: 'ComfyUI',
  invokeai: 'InvokeAI',
  novelai: 'NovelAI',
  fooocus: 'Fooocus',
  swarmui: 'SwarmUI',
  midjourney: 'Midjourney',
  mediagen: 'MediaGen Studio',
  none: 'No settings'
} as const
export type ImportTool = keyof typeof IMPORT_TOOLS

/** The tool's name as the user knows it (an unknown one, from a newer version, as written). */
export function importToolLabel(tool: string): string {
  return Object.hasOwn(IMPORT_TOOLS, tool) ? IMPORT_TOOLS[tool as ImportTool] : tool
}

/** What an imported entry keeps of its origin, beside the settings it shares with the app's own entries. */
export const importedFromSchema = z.object({
  /** One of IMPORT_TOOLS (kept as text, so an entry from a newer version still reads). */
  tool: z.string(),
  /** The original file's path when it was imported; the original is never changed. */
  source: z.string(),
  importedAt: z.string(),
  sampler: z.string().nullable().optional(),
  /** Readable facts of the tool's own: a Midjourney job id and flags, a scheduler, a version. */
  details: z.record(z.string(), z.string()).default({}),
  /** The settings text as the tool wrote it, by where it was found ("parameters", "prompt", "EXIF UserComment"…). */
  raw: z.record(z.string(), z.string()).default({}),
  /** Texts too long to keep here (a ComfyUI workflow, say): they are still in the file, byte for byte. */
  rawInFile: z.array(z.string()).optional()
})
export type ImportedFrom = z.infer<typeof importedFromSchema>

/**
 * A file the import left out, and why: `reason` in the language of the process that
 * imported it; `key` and `values` (a message of the catalogs, as a notice carries it) so
 * the page and the command line say it in theirs. A key the reader does not know, or none
 * (an older app), is shown as `reason`.
 */
export const importSkipSchema = z.object({
  path: z.string(),
  reason: z.string(),
  key: z.string().optional(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional()
})
export type ImportSkip = z.infer<typeof importSkipSchema>

export const importCountsSchema = z.object({
  /** Files found so far under the folder. */
  found: z.number().int(),
  /** Files looked at so far (imported, already there, or skipped). */
  done: z.number().int(),
  imported: z.number().int(),
  /** Already in the library: the same picture (by content) imported before, or twice in this folder. */
  duplicates: z.number().int(),
  skipped: z.number().int()
})
export type ImportCounts = z.infer<typeof importCountsSchema>

export const importProgressSchema = importCountsSchema.extend({
  phase: z.enum(['scan', 'import', 'done']),
  /** The folder being imported. */
  dir: z.string()
})
export type ImportProgress = z.infer<typeof importProgressSchema>

/** At most this many skipped files are named in a result; the count says how many there were. */
export const MAX_NAMED_SKIPS = 1000

export const importResultSchema = importCountsSchema.extend({
  dir: z.string(),
  /** Stopped before the end (cancelled, or the app closing); the next import of the folder carries on. */
  cancelled: z.boolean(),
  skippedFiles: z.array(importSkipSchema).max(MAX_NAMED_SKIPS)
})
export type ImportResult = z.infer<typeof importResultSchema>
