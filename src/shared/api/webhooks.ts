// Webhook payloads (spec: Events) and the URL rules a webhook target must meet.
import { z } from 'zod'

export const completedEventSchema = z.looseObject({
  event: z.literal('completed'),
  jobId: z.string(),
  status: z.literal('COMPLETED'),
  progress: z.literal(100),
  result: z.unknown(),
  model: z.string(),
  creditCost: z.number().int(),
  completedAt: z.string()
})
export const failedEventSchema = z.looseObject({
  event: z.literal('failed'),
  jobId: z.string(),
  status: z.literal('FAILED'),
  error: z.string(),
  model: z.string()
})
export const progressEventSchema = z.looseObject({
  event: z.literal('progress'),
  jobId: z.string(),
  status: z.literal('PROCESSING'),
  progress: z.number().int().min(0).max(100),
  model: z.string()
})
export const webhookPayloadSchema = z.discriminatedUnion('event', [completedEventSchema, failedEventSchema, progressEventSchema])

/** `webhookEvents` omitted: completed and failed are sent, progress only when asked. */
export const DEFAULT_WEBHOOK_EVENTS = ['completed', 'failed'] as const

export const WEBHOOK_SIGNATURE_HEADER = 'x-webhook-signature'
export const WEBHOOK_EVENT_HEADER = 'x-webhook-event'
export const LEGACY_WEBHOOK_SECRET_HEADER = 'x-webhook-secret'

/**
 * True when a URL targets a private, loopback, link-local or internal host, which the
 * service refuses as a webhook target.
 */
export function isPrivateWebhookHost(url: string): boolean {
  let host: string
  try {
    host = new URL(url).hostname.toLowerCase()
  } catch {
    return false
  }
  host = host.replace(/^\[|\]$/g, '').replace(/\.$/, '')
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) return true
  return host.includes(':') ? isPrivateIPv6(host) : isPrivateIPv4(host)
}

function isPrivateIPv4(host: string): boolean {
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host)
  if (!v4) return false
  const [a, b] = [Number(v4[1]), Number(v4[2])]
  return (
    a === 10 || a === 127 || a === 0 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127)
  )
}

/** IPv6 as the URL parser writes it (compressed, lower case). */
function isPrivateIPv6(host: string): boolean {
  if (host === '::1' || host === '::') return true
  // IPv4-mapped (::ffff:a.b.c.d, which the URL parser writes as ::ffff:XXXX:XXXX).
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host)
  if (dotted) return isPrivateIPv4(dotted[1] ?? '')
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host)
  if (mapped) {
    const hi = parseInt(mapped[1] ?? '0', 16)
    const lo = parseInt(mapped[2] ?? '0', 16)
    return isPrivateIPv4(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`)
  }
  const first = host.startsWith('::') ? 0 : parseInt(host.split(':')[0] ?? '', 16)
  if (Number.isNaN(first)) return false
  // fc00::/7 unique local, fe80::/10 link-local.
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80
}
