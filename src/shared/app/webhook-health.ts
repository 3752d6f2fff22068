// How the webhooks are doing, as Settings shows it: whether the listener runs and where
// the service is told to call, what arrived, what was refused, and a self-check's answer.
import { z } from 'zod'

export const webhookHealthSchema = z.object({
  mode: z.enum(['off', 'local', 'public']),
  /** The address the service calls (the public URL in live mode); null when webhooks are off. */
  url: z.string().nullable(),
  received: z.number().int().min(0),
  /** Deliveries refused for a bad or missing signature (a wrong secret, or a forger). */
  rejected: z.number().int().min(0),
  lastDeliveryAt: z.string().nullable()
})
export type WebhookHealth = z.infer<typeof webhookHealthSchema>

export const webhookCheckSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  /** How long the request took to reach the listener, when it did. */
  ms: z.number().nullable()
})
export type WebhookCheck = z.infer<typeof webhookCheckSchema>
