// The single place downloads decide what a file is, from its first bytes
// (headers from a CDN cannot be trusted: an expired link often answers 200
// with an HTML page or a JSON error). A thin adapter over the app's shared
// recogniser, so the download code does not depend on its details.
import { SNIFF_BYTES, sniffMediaType } from '../../../shared/media/sniff'
import type { MediaKind, SniffedType } from '../../../shared/media/sniff'

export type { MediaKind }
export type SniffResult = SniffedType

/** Leading bytes to collect before judging a file. */
export const MEDIA_SNIFF_BYTES = SNIFF_BYTES

export function sniffMedia(head: Uint8Array): SniffResult | null {
  return sniffMediaType(head)
}

export type TypeVerdict = { ok: true; mime: string | null } | { ok: false; found: string }

/**
 * Whether a file starting with `head` is one of `kinds`. Without `kinds`
 * nothing in particular is expected and any bytes pass.
 */
export function judgeType(head: Uint8Array, kinds: readonly MediaKind[] | undefined): TypeVerdict {
  const sniffed = sniffMedia(head.subarray(0, MEDIA_SNIFF_BYTES))
  if (kinds === undefined) return { ok: true, mime: sniffed?.mime ?? null }
  if (sniffed !== null && kinds.includes(sniffed.kind)) return { ok: true, mime: sniffed.mime }
  return { ok: false, found: sniffed?.mime ?? `bytes ${describeBytes(head)}` }
}

/** A short printable preview of bytes that failed the check, for the error message. */
export function describeBytes(head: Uint8Array): string {
  const text = Buffer.from(head.subarray(0, 32)).toString('latin1')
  return JSON.stringify(text.replace(/[^\x20-\x7e]/g, '.'))
}
