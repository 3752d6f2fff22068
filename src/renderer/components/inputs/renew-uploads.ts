// An upload's URL answers 404 an hour after it was made, and a draft outlives that (it is
// kept across restarts). Before a draft is sent, each expired input goes up again from the
// copy the library kept of it; one with no copy is taken out of the form with a message
// asking for the file again. A dead URL is never sent: the service would charge for a job
// that cannot fetch its input.
import { call } from '../../api/client'
import type { FieldSpec } from '../../forms/field-spec'
import { useDrafts, type DraftId } from '../../stores/drafts'
import { useUploads, type UploadRef } from '../../stores/uploads'
import { t } from '../../i18n/page-i18n'

/** Renewed a few minutes early: the service fetches an input some time after it accepts the job. */
const RENEW_MARGIN_MS = 5 * 60_000

/** What an input says when it expired and no copy was kept, in the page's language. */
export const expiredNoCopy = (): string => t('messages:inputs.expiredNoCopy')

export function isExpired(ref: UploadRef, now = Date.now()): boolean {
  return Date.parse(ref.expiresAt) - now < RENEW_MARGIN_MS
}

export type Renewal =
  /** `renewed` maps each old URL to its new one; `missing` names the fields that need a new file. */
  | { ok: true; renewed: Record<string, string>; missing: string[] }
  | { ok: false; message: string }

/**
 * Uploads the library output again when there is one (the library records where an input came
 * from), else the kept copy; an input made to another service, from the library that kept it.
 */
async function uploadAgain(ref: UploadRef) {
  if (ref.carry) return call('uploads.carry', { uploadId: ref.carry })
  if (ref.libraryItem) {
    const r = await call('uploads.fromLibrary', ref.libraryItem)
    // The output may have been deleted since; the kept copy of the input still serves.
    if (r.ok || r.error.code !== 'not_found' || !ref.localPath) return r
  }
  return ref.localPath ? call('uploads.renew', { path: ref.localPath }) : null
}

async function renew(ref: UploadRef): Promise<UploadRef | 'no-copy' | { message: string }> {
  const r = await uploadAgain(ref)
  if (!r || (!r.ok && r.error.code === 'not_found')) return 'no-copy'
  if (!r.ok) return { message: t('messages:inputs.reuploadFailed', { file: ref.fileName, reason: r.error.message }) }
  const { pending: _uploadedNow, carry: _carried, service: _before, ...rest } = ref
  const fresh: UploadRef = { ...rest, uploadId: r.data.id, url: r.data.url, expiresAt: r.data.expiresAt, localPath: r.data.localPath }
  useUploads.getState().add(fresh)
  return fresh
}

/**
 * What a URL in a form becomes before it is sent: itself (still valid, or not an upload this
 * app made), a new upload's URL, or null when it expired with no copy to send again. Throws
 * with a message when the copy could not be sent.
 */
export async function renewedUrl(url: string, now = Date.now()): Promise<string | null> {
  const ref = useUploads.getState().byUrl[url]
  if (!ref || !isExpired(ref, now)) return url
  const outcome = await renew(ref)
  if (outcome === 'no-copy') return null
  if ('message' in outcome) throw new Error(outcome.message)
  return outcome.url
}

/** Uploads again every expired input of the draft that has a kept copy, and clears the others. */
export async function renewExpiredInputs(id: DraftId, fields: FieldSpec[], now = Date.now()): Promise<Renewal> {
  const drafts = useDrafts.getState()
  const params = drafts.drafts[id].params
  const renewed: Record<string, string> = {}
  const missing: string[] = []
  // Decides what a URL becomes: itself (still valid or not an upload), a new URL, or nothing.
  const next = async (url: unknown, path: string): Promise<unknown> => {
    if (typeof url !== 'string') return url
    const fresh = await renewedUrl(url, now)
    if (fresh === null) {
      if (!missing.includes(path)) missing.push(path)
      return undefined
    }
    if (fresh !== url) renewed[url] = fresh
    return fresh
  }
  try {
    for (const f of fields) {
      const value = params[f.key]
      if (f.kind === 'uri') {
        const changed = await next(value, f.path)
        if (changed !== value) drafts.setParam(id, f.key, changed, f.path)
      } else if (f.kind === 'uri-list' && Array.isArray(value)) {
        const items = await Promise.all(value.map((item) => next(item, f.path)))
        if (items.some((item, i) => item !== value[i])) {
          const kept = items.filter((item) => item !== undefined)
          drafts.setParam(id, f.key, kept.length > 0 ? kept : undefined, f.path)
        }
      }
    }
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) }
  }
  if (missing.length > 0) {
    // Shown on the fields themselves, after the edits above (an edit clears the last verdict).
    useDrafts.getState().setServerDetails(id, Object.fromEntries(missing.map((path) => [path, [expiredNoCopy()]])))
  }
  return { ok: true, renewed, missing }
}

/** The request body with each renewed URL swapped in. */
export function withRenewedUrls<T>(value: T, renewed: Record<string, string>): T {
  if (typeof value === 'string') return (renewed[value] ?? value) as T
  if (Array.isArray(value)) return value.map((v: unknown) => withRenewedUrls(v, renewed)) as T
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withRenewedUrls(v, renewed)])) as T
  }
  return value
}
