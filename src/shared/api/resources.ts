// Response bodies of the v2 service: jobs, the account, the catalog, uploads, LoRAs and
// assets. Response schemas are lenient where the spec allows growth (extra fields pass
// through) and strict where the app depends on a field.
import { z } from 'zod'

export const JOB_STATUSES = ['QUEUED', 'PROCESSING', 'COMPLETED', 'FAILED', 'CANCELLED'] as const
export type JobStatus = (typeof JOB_STATUSES)[number]
export const TERMINAL_STATUSES: readonly JobStatus[] = ['COMPLETED', 'FAILED', 'CANCELLED']
export const isTerminal = (s: JobStatus) => TERMINAL_STATUSES.includes(s)

export const jobStatus = z.enum(JOB_STATUSES)
export const webhookStatus = z.enum(['pending', 'delivered', 'failed']).nullable()
const dateTime = z.string()

export const jobListItemSchema = z.looseObject({
  id: z.string(),
  status: jobStatus,
  model: z.string(),
  progress: z.number().int().min(0).max(100).nullable(),
  result: z.unknown().optional(),
  error: z.string().nullable(),
  creditCost: z.number().int().nullable(),
  webhookStatus,
  createdAt: dateTime,
  completedAt: dateTime.nullable(),
  expired: z.boolean()
})
export type JobListItem = z.infer<typeof jobListItemSchema>

/** A retrieved job carries `input`; `expired` is required only in list items. */
export const jobSchema = jobListItemSchema.extend({
  input: z.record(z.string(), z.unknown()).nullable().optional(),
  expired: z.boolean().optional()
})
export type Job = z.infer<typeof jobSchema>

export const jobAcceptedSchema = z.looseObject({
  jobId: z.string(),
  status: z.enum(['QUEUED', 'PROCESSING', 'COMPLETED', 'FAILED'])
})
export type JobAccepted = z.infer<typeof jobAcceptedSchema>

export const jobListSchema = z.looseObject({
  jobs: z.array(jobListItemSchema),
  nextCursor: z.string().nullable(),
  hasMore: z.boolean(),
  models: z.array(z.string()).optional()
})
export type JobList = z.infer<typeof jobListSchema>

/** Query of `GET /v2/jobs` (profile): limit 1..100, cursor, status list, model, modality. */
export const jobListQuerySchema = z.strictObject({
  limit: z.coerce.number().int('Must be a whole number').min(1, 'Must be at least 1').max(100, 'Must be at most 100').default(20),
  cursor: z.string().optional(),
  status: z
    .string()
    .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(jobStatus))
    .optional(),
  model: z.string().optional(),
  modality: z.enum(['image', 'video', 'music']).optional()
})
export type JobListQuery = z.input<typeof jobListQuerySchema>

export const resultImageSchema = z.looseObject({ images: z.array(z.string()), gridUrl: z.string().optional() })
export const resultVideoSchema = z.looseObject({ videos: z.array(z.string()) })
export const resultMusicSchema = z.looseObject({ tracks: z.array(z.string()) })

export const meSchema = z.looseObject({
  user: z.looseObject({ id: z.string(), email: z.string(), role: z.string() }),
  team: z.looseObject({
    id: z.string(),
    name: z.string(),
    credits: z.number().int().min(0),
    plan: z.string(),
    customerId: z.string().nullable()
  }).nullable(),
  apiKey: z.looseObject({ id: z.string(), name: z.string(), prefix: z.string() }).nullable()
})
export type Me = z.infer<typeof meSchema>

export const catalogEntrySchema = z.looseObject({
  id: z.string(),
  label: z.string(),
  modality: z.string(),
  description: z.string().optional(),
  pricingMode: z.string().optional(),
  costMin: z.number().optional(),
  costMax: z.number().optional(),
  family: z.string().optional()
})
export type CatalogEntry = z.infer<typeof catalogEntrySchema>
export const catalogSchema = z.looseObject({ models: z.array(catalogEntrySchema) })
export type Catalog = z.infer<typeof catalogSchema>

export const uploadSchema = z.looseObject({
  id: z.string(),
  url: z.string(),
  kind: z.enum(['image', 'video', 'audio']),
  contentType: z.string(),
  byteSize: z.number().int().min(0),
  expiresAt: dateTime
})
export type Upload = z.infer<typeof uploadSchema>

export const assetRequestSchema = z.strictObject({
  url: z.url({ message: 'Must be an absolute URL' }),
  type: z.enum(['image', 'video', 'audio'], { message: 'Must be one of: image, video, audio' })
})
export type AssetRequest = z.infer<typeof assetRequestSchema>
export const assetCreatedSchema = z.looseObject({ assetId: z.string() })
export type AssetCreated = z.infer<typeof assetCreatedSchema>
