// Where a webhook may be sent. Like the live service, the demo service refuses targets
// on private, loopback, link-local and other internal addresses (unless started with
// `--allow-private-webhooks`). A host name is judged by every address it resolves to,
// since a public-looking name can point at 127.0.0.1; and it is judged again at delivery,
// on the very addresses the connection uses, since DNS can change after submission.
import { lookup } from 'node:dns/promises'
import { isIP, type LookupFunction } from 'node:net'
import { isPrivateWebhookHost } from '../shared/api'
import { isBlockedAddress } from './blocked-address'

/** Every address a host name resolves to. Injectable, so tests need no real DNS. */
export type HostResolver = (host: string) => Promise<string[]>

export const systemResolver: HostResolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address)

/** A stuck resolver must not hold a submission (or a delivery) for long. */
const RESOLVE_TIMEOUT_MS = 5000

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms)
    timer.unref()
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

export type TargetVerdict = { ok: true } | { ok: false; reason: string }

const PRIVATE = 'Must not target a private or internal address'

/** Whether a webhook URL may be used: its host and every address it resolves to are public. */
export async function checkWebhookTarget(url: string, resolve: HostResolver): Promise<TargetVerdict> {
  if (isPrivateWebhookHost(url)) return { ok: false, reason: PRIVATE }
  let host: string
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '')
  } catch {
    return { ok: false, reason: 'Must be an absolute URL' }
  }
  if (isIP(host) !== 0) return isBlockedAddress(host) ? { ok: false, reason: PRIVATE } : { ok: true }
  let addresses: string[]
  try {
    addresses = await withTimeout(resolve(host), RESOLVE_TIMEOUT_MS, `Resolving ${host}`)
  } catch {
    return { ok: false, reason: `Host name ${host} could not be resolved` }
  }
  if (addresses.length === 0) return { ok: false, reason: `Host name ${host} could not be resolved` }
  const bad = addresses.find(isBlockedAddress)
  return bad === undefined ? { ok: true } : { ok: false, reason: `${PRIVATE} (${host} resolves to ${bad})` }
}

function familyOf(option: number | string | undefined): 0 | 4 | 6 {
  if (option === 4 || option === 'IPv4') return 4
  if (option === 6 || option === 'IPv6') return 6
  return 0
}

/**
 * A `lookup` for the sockets that deliver webhooks: it resolves with `resolve` and fails
 * when any address is blocked, so the connection goes only to addresses just checked
 * (no second resolution that DNS could answer differently).
 */
export function guardedLookup(resolve: HostResolver): LookupFunction {
  return (hostname, options, callback) => {
    withTimeout(resolve(hostname), RESOLVE_TIMEOUT_MS, `Resolving ${hostname}`).then(
      (addresses) => {
        const bad = addresses.find(isBlockedAddress)
        if (bad !== undefined) {
          callback(Object.assign(new Error(`${hostname} resolves to ${bad}, a private or internal address`), { code: 'EPRIVATE' }), '', 0)
          return
        }
        const family = familyOf(options.family)
        const entries = addresses
          .map((address) => ({ address, family: isIP(address) }))
          .filter((e) => family === 0 || e.family === family)
        const first = entries[0]
        if (!first) {
          callback(Object.assign(new Error(`${hostname} has no usable address`), { code: 'ENOTFOUND' }), '', 0)
          return
        }
        if (options.all) callback(null, entries)
        else callback(null, first.address, first.family)
      },
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), '', 0)
    )
  }
}
