// What the engine shows the renderer: jobs as the app tracks them and the offline
// library. These are plain data, identical over Electron IPC and the Node host.
import { z } from 'zod'
import { jobStatus } from '../api/resources'
import { importedFromSchema } from './library-import'
import { storedLookSchema } from './picture-look'
import { storedTagsSchema } from './tags'

/** Where a submission stands locally, before and after the service knows of it. */
export const submissionState = z.enum([
  'journaled', // written to disk, not yet answered by the service
  'accepted', // the service gave it a job id
  'rejected' // the service refused it (validation, credits, auth); nothing was charged
])

export const jobViewSchema = z.object({
  localId: z.string(),
  jobId: z.string().nullable(),
  model: z.string(),
  kind: z.enum(['image', 'upscale', 'edit', 'background', 'video', 'music', 'legacy']),
  prompt: z.string().nullable(),
  request: z.record(z.string(), z.unknown()),
  submission: submissionState,
  status: jobStatus.nullable(),
  progress: z.number().nullable(),
  error: z.string().nullable(),
  creditCost: z.number().nullable(),
  origin: z.enum(['app', 'elsewhere']),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
  /** Saving state of the outputs: none yet, downloading, all saved, or some lost. */
  saved: z.enum(['none', 'saving', 'saved', 'partial', 'lost']),
  /**
   * Outputs waiting to be saved after a failed attempt: the last reason, the first purge,
   * and whether any of them waits for room on a full disk.
   */
  saveWaiting: z.object({ reason: z.string(), purgeAt: z.string(), diskFull: z.boolean().optional() }).nullable().optional()
})
export type JobView = z.infer<typeof jobViewSchema>

/**
 * Content Credentials (a C2PA manifest) a saved picture carries, as the app found them
 * when it saved the file. "Valid" is about the file: the manifest's signature verifies and
 * the bytes it covers are unchanged. "Trusted" is about the signer: the certificate leads
 * to an issuer the app trusts; the app trusts none by default, so a real vendor's file
 * and a test certificate both read "signed by <signer> (not a trusted issuer)".
 */
export const provenanceSchema = z.object({
  /** The file carries a C2PA manifest. */
  present: z.boolean(),
  /** The signature and the hashes of the file's bytes verify; null when they could not be checked (or there is nothing to check). */
  valid: z.boolean().nullable(),
  /** The signing certificate chains to a trust anchor the app was given. */
  trusted: z.boolean(),
  /** Who signed: the signing certificate's organisation, else its common name. */
  signer: z.string().nullable(),
  /** What failed, as C2PA validation codes (`assertion.dataHash.mismatch`, …); an untrusted issuer is told by `trusted` alone. */
  issues: z.array(z.string())
})
export type Provenance = z.infer<typeof provenanceSchema>

export const libraryFileSchema = z.object({
  index: z.number().int(),
  role: z.enum(['image', 'grid', 'video', 'track', 'other']),
  /** Where the service served it (the CDN purges it after the retention period). */
  url: z.string().nullable(),
  /** Path relative to the library folder; served to the page by the library protocol. */
  path: z.string().nullable(),
  thumbnail: z.string().nullable(),
  state: z.enum(['pending', 'saved', 'lost']),
  lostReason: z.string().nullable(),
  bytes: z.number().nullable(),
  sha256: z.string().nullable(),
  mime: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  durationSeconds: z.number().nullable(),
  /** Content Credentials found in a saved picture; absent for video, audio and files saved before the app looked. */
  provenance: provenanceSchema.optional(),
  /** A picture's perceptual hash and dominant palette (see picture-look); absent until measured, null when it could not be decoded. */
  look: storedLookSchema
})
export type LibraryFile = z.infer<typeof libraryFileSchema>

export const libraryInputSchema = z.object({
  field: z.string(),
  fileName: z.string(),
  path: z.string(),
  sha256: z.string(),
  bytes: z.number(),
  mime: z.string(),
  /** The library output this input was uploaded from, so a result can show what it was made from. Absent for files from disk and for records written before it existed. */
  sourceJobId: z.string().optional(),
  sourceIndex: z.number().int().min(0).optional()
})
export type LibraryInput = z.infer<typeof libraryInputSchema>

export const libraryEntrySchema = z.object({
  id: z.string(),
  jobId: z.string(),
  model: z.string(),
  modality: z.enum(['image', 'video', 'music']),
  prompt: z.string().nullable(),
  params: z.record(z.string(), z.unknown()),
  creditCost: z.number().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  savedAt: z.string().nullable(),
  /** Made here, made by the account elsewhere (another device, the API), or imported from another tool's files. */
  origin: z.enum(['app', 'elsewhere', 'import']),
  files: z.array(libraryFileSchema),
  inputs: z.array(libraryInputSchema),
  favorite: z.boolean().default(false),
  /** Ids of the boards it is on. */
  boards: z.array(z.string()).default([]),
  /** The user's tags (see tags.ts); absent on entries never tagged, and on those of earlier versions. */
  tags: storedTagsSchema.optional(),
  /** An imported picture's tool and the settings text it came with (absent for the app's own and older entries). */
  imported: importedFromSchema.optional()
})
export type LibraryEntry = z.infer<typeof libraryEntrySchema>
