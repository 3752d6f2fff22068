// The generation request envelope, built per model from the registry: the prompt rule of
// its family, `model`, the optional webhook fields, and exactly one parameter block (the
// model's own). No other top-level property is allowed.
import { z } from 'zod'
import { text, uri } from './fields'
import { getModel, type ModelInfo, type PromptRule } from './models'
import { detailsFromZodError, expectedMessage, REQUIRED, type ValidationDetails } from './validation-details'

export const WEBHOOK_EVENTS = ['progress', 'completed', 'failed'] as const
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number]

export const webhookUrl = uri.superRefine((value, ctx) => {
  if (value.length > 2048) ctx.addIssue({ code: 'custom', message: 'Must be at most 2048 characters' })
  if (!/^https?:\/\//i.test(value)) ctx.addIssue({ code: 'custom', message: 'Must be an http or https URL' })
})
export const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENTS, { message: `Must be one of: ${WEBHOOK_EVENTS.join(', ')}` }))
  .min(1, 'At least one event')

const PROMPT_LIMITS: Record<Exclude<PromptRule, 'none'>, number> = {
  image: 2000,
  'long-image': 5000,
  video: 4000,
  music: 2000
}

export function promptLimit(rule: PromptRule): number | undefined {
  return rule === 'none' ? undefined : PROMPT_LIMITS[rule]
}

const schemaCache = new Map<string, z.ZodType>()

/** The strict schema of a request body for one model. */
export function requestSchema(model: ModelInfo): z.ZodType {
  const cached = schemaCache.get(model.id)
  if (cached) return cached
  const limit = promptLimit(model.prompt)
  const shape: Record<string, z.ZodType> = {
    model: z.literal(model.id),
    webhookUrl: webhookUrl.optional(),
    webhookEvents: webhookEvents.optional(),
    [model.blockName]: model.blockRequired ? model.block : model.block.optional()
  }
  if (limit !== undefined) shape.prompt = text(1, limit)
  const schema = z.strictObject(shape)
  schemaCache.set(model.id, schema)
  return schema
}

export interface GenerationRequest {
  model: string
  prompt?: string
  webhookUrl?: string
  webhookEvents?: WebhookEventName[]
  [block: string]: unknown
}

export type ParseResult =
  | { ok: true; model: ModelInfo; request: GenerationRequest }
  | { ok: false; details: ValidationDetails; model?: ModelInfo }

/**
 * Validates a request body as the service does. `kind` restricts the models a route takes
 * (the upscale route accepts only upscale models, and so on).
 */
export function parseGenerationRequest(body: unknown, kinds?: readonly ModelInfo['kind'][]): ParseResult {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, details: { $: ['Must be a JSON object'] } }
  }
  const modelId = (body as { model?: unknown }).model
  if (modelId === undefined) return { ok: false, details: { model: [REQUIRED] } }
  if (typeof modelId !== 'string') return { ok: false, details: { model: [expectedMessage('string')] } }
  const model = getModel(modelId)
  if (!model) return { ok: false, details: { model: [`Unknown model '${modelId}'`] } }
  if (kinds && !kinds.includes(model.kind)) {
    return { ok: false, model, details: { model: [`Model '${modelId}' is not accepted by this route`] } }
  }
  const parsed = requestSchema(model).safeParse(body)
  if (!parsed.success) return { ok: false, model, details: detailsFromZodError(parsed.error, body) }
  return { ok: true, model, request: parsed.data as GenerationRequest }
}

/** The parameter block of a parsed request, or an empty object when it has none. */
export function paramsOf(request: GenerationRequest, model: ModelInfo): Record<string, unknown> {
  const block = request[model.blockName]
  return typeof block === 'object' && block !== null ? (block as Record<string, unknown>) : {}
}
