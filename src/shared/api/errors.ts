// The service's three error bodies, and the legacy endpoint's.
import { z } from 'zod'

export const errorResponseSchema = z.looseObject({ error: z.string() })

export const validationErrorSchema = z.looseObject({
  error: z.string(),
  details: z.record(z.string(), z.array(z.string()))
})

export const insufficientCreditsSchema = z.looseObject({
  error: z.literal('Insufficient credits'),
  creditsRequired: z.number().int().min(0),
  creditsAvailable: z.number().int().min(0)
})

export const legacyErrorSchema = z.looseObject({ errors: z.array(z.looseObject({ msg: z.string() })) })
