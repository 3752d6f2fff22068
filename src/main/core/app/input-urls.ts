// The last look at a job's URLs before main sends it: an address on this computer or its
// network (loopback, private, link-local, `.local`, `.internal`) goes only to a service at
// that very origin, which is the demo service (or a local stand-in) fetching its own
// uploads. A remote service is never sent one: it could not fetch it, the job would be
// charged for nothing, and the address says something about the user's machine. The page
// re-uploads inputs when the service changes; this holds whatever the page sends.
import { isPrivateWebhookHost } from '../../../shared/api'
import { originOf } from '../../../shared/app/service-url'
import { AppFailure } from './app-errors'

const MESSAGES = {
  refused: (field: string, host: string) =>
    `${field} points at ${host}, an address on this computer or its network that the service cannot reach; nothing was sent. Add the file again to upload it to this service`,
  atField: 'An address on this computer or its network; add the file again'
}

/** Where the engine puts its own webhook listener's address; the service's webhook rules judge it. */
const WEBHOOK_FIELDS = new Set(['webhookUrl', 'webhook_url'])

/** An absolute URL with a host: `scheme://host…`. */
const URL_LIKE = /^[a-z][a-z\d+.-]*:\/\/[^/?#]/i

/** Every string in `value` that is a URL, with its dotted path (as validation details name fields). */
function urlsIn(value: unknown, path: string, out: [string, string][]): [string, string][] {
  if (typeof value === 'string') {
    if (URL_LIKE.test(value)) out.push([path, value])
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => urlsIn(v, path ? `${path}.${i}` : String(i), out))
  } else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) urlsIn(v, path ? `${path}.${k}` : k, out)
  }
  return out
}

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}

/**
 * Refuses, naming the field, a request that would send the service at `serviceUrl` a URL of
 * this computer or its network from another origin. `skip` names fields main fills in
 * itself before sending (a retry's inputs, uploaded again).
 */
export function refuseLocalUrls(request: Record<string, unknown>, serviceUrl: string, skip: ReadonlySet<string> = new Set()): void {
  const service = originOf(serviceUrl)
  for (const [field, url] of urlsIn(request, '', [])) {
    if (skip.has(field) || WEBHOOK_FIELDS.has(field) || !isPrivateWebhookHost(url)) continue
    if (service !== null && originOf(url) === service) continue
    throw new AppFailure('validation', MESSAGES.refused(field, hostOf(url)), { [field]: [MESSAGES.atField] })
  }
}
