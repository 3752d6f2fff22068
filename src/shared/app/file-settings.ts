// Generation settings found in a file dropped on the workspace: the full request when the
// app saved the file, or the A1111 fields another tool wrote (then the workspace fills in
// what its current model takes).
import { z } from 'zod'

export const fileSettingsSchema = z.object({
  /** Where the settings came from: this app's own record, or another tool's A1111 text. */
  source: z.enum(['mediagen', 'a1111']),
  /** A model of the registry, when the file names one. */
  model: z.string().nullable(),
  prompt: z.string().nullable(),
  /** The full request (this app's files): model, prompt and the family's block. */
  request: z.record(z.string(), z.unknown()).nullable(),
  /** Common settings read from A1111 text, by their request names (seed, steps, negative_prompt…). */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** The A1111 text as found, to show the user. */
  parameters: z.string().nullable()
})
export type FileSettings = z.infer<typeof fileSettingsSchema>
