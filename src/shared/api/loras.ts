// LoRAs: the resource, the multipart fields of `POST /v2/loras` and `PATCH` (profile).
import { z } from 'zod'
import { intRange, maxText, text } from './fields'

export const LORA_STATUSES = ['PENDING', 'UPLOADING', 'TRAINING', 'READY', 'FAILED', 'ARCHIVED'] as const
export type LoraStatus = (typeof LORA_STATUSES)[number]
export const SUBJECT_KINDS = ['person', 'style', 'object'] as const
export const LORA_IMAGES_MIN = 15
export const LORA_IMAGES_MAX = 30

export const loraSchema = z.looseObject({
  id: z.string(),
  userId: z.string(),
  teamId: z.string(),
  name: z.string(),
  subjectKind: z.enum(SUBJECT_KINDS),
  gender: z.string().nullable(),
  ethnicity: z.string().nullable(),
  age: z.string().nullable(),
  status: z.enum(LORA_STATUSES),
  imageCount: z.number().int().min(0),
  steps: z.number().int(),
  loraRank: z.number().int(),
  isReady: z.boolean(),
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  hasWeights: z.boolean(),
  triggerWord: z.string().nullable()
})
export type Lora = z.infer<typeof loraSchema>

export const loraCreatedSchema = z.looseObject({
  id: z.string(),
  status: z.literal('PENDING'),
  imageCount: z.number().int().min(LORA_IMAGES_MIN).max(LORA_IMAGES_MAX)
})
export type LoraCreated = z.infer<typeof loraCreatedSchema>

export const loraListSchema = z.looseObject({ items: z.array(loraSchema), nextCursor: z.string().nullable() })
export type LoraList = z.infer<typeof loraListSchema>

/** The text fields of the multipart `POST /v2/loras` (they arrive as strings). */
export const loraCreateFieldsSchema = z.strictObject({
  name: text(1, 100),
  subjectKind: z.enum(SUBJECT_KINDS, { message: `Must be one of: ${SUBJECT_KINDS.join(', ')}` }),
  gender: maxText(50).optional(),
  ethnicity: maxText(50).optional(),
  age: maxText(50).optional(),
  steps: z.coerce.number().pipe(intRange(500, 3000)).default(1000),
  loraRank: z.coerce.number().pipe(intRange(8, 64)).default(16),
  triggerWord: maxText(50).optional()
})

export const loraPatchSchema = z.strictObject({
  name: text(1, 100).optional(),
  triggerWord: maxText(50).nullable().optional()
})
export type LoraPatch = z.infer<typeof loraPatchSchema>

export const loraListQuerySchema = z.strictObject({
  limit: z.coerce.number().pipe(intRange(1, 100)).default(20),
  cursor: z.string().optional()
})
