// A LoRA's training as the app saw it: each status with the time it was first seen. The
// service keeps only createdAt, startedAt and completedAt and sends no event when a LoRA
// moves on, so the steps between come from the app's own polling, kept by main.
import { z } from 'zod'
import { safeId } from './safe-keys'
import { LORA_STATUSES, loraSchema } from '../api/loras'

export const loraTimelineStepSchema = z.object({ status: z.enum(LORA_STATUSES), at: z.string() })
export type LoraTimelineStep = z.infer<typeof loraTimelineStepSchema>

/** A LoRA as the app shows it: the service's resource plus its observed timeline. */
export const loraViewSchema = loraSchema.extend({ timeline: z.array(loraTimelineStepSchema).optional() })
export type LoraView = z.infer<typeof loraViewSchema>

/** One library output named as a LoRA training image (main reads the file itself). */
export const libraryImageRefSchema = z.strictObject({
  jobId: safeId,
  index: z.number().int().min(0)
})
export type LibraryImageRef = z.infer<typeof libraryImageRefSchema>
