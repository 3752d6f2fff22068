// Each mode's uploads stay in that mode. An upload's URL belongs to the service it was made
// to (demo or live, its address, the account); when the page learns the service changed (a
// switch of mode, of account or service, or a demo service on a new port after a restart),
// every input the drafts still name that was uploaded to another service is replaced at once
// by a stand-in that can never be sent, then uploaded to the new service from the copy the
// library kept (`uploads.carry`) and put back in its place. One the library no longer keeps
// is taken out of the drafts with a notice naming its field; one that could not go up yet
// (the service not reached) stays a stand-in, which Generate uploads first (renew-uploads).
import type { AppInfo } from '../../shared/app/settings'
import { call } from '../api/client'
import { labelFor } from '../forms/field-labels'
import { useDrafts } from './drafts'
import { useLegacyDraft, type LegacyDraft } from './legacy-draft'
import { toast } from './toasts'
import { useUploads, type UploadRef } from './uploads'

const LEGACY_INPUTS = ['image_url', 'first_frame_url', 'last_frame_url'] as const satisfies readonly (keyof LegacyDraft)[]

const MESSAGES = {
  dropped: (file: string, fields: string) =>
    `${file} was uploaded to the service used before, and the library no longer keeps a copy to upload to this one: it was taken out of ${fields}. Add the file again.`
}

/** Which service an upload was made to: the mode, its address and the account's key. */
export function serviceOf(info: Pick<AppInfo, 'mode' | 'baseUrl' | 'keyLast4'>): string {
  return `${info.mode} ${info.baseUrl} ${info.keyLast4 ?? ''}`
}

/** Every URL a draft names: Create's and Tools', each model's last settings, the legacy form's. */
function urlsNamed(): Set<string> {
  const named = useDrafts.getState().urlsNamed()
  const legacy = useLegacyDraft.getState().draft
  for (const key of LEGACY_INPUTS) if (legacy[key]) named.add(legacy[key])
  return named
}

/** Puts `to` where the drafts name `from` (null takes it out); answers the fields' labels. */
function swapUrl(from: string, to: string | null): string[] {
  const keys = useDrafts.getState().swapUrl(from, to)
  const legacy = useLegacyDraft.getState()
  for (const key of LEGACY_INPUTS) {
    if (legacy.draft[key] !== from) continue
    legacy.set(key, to ?? '')
    keys.push(key)
  }
  return [...new Set(keys.map(labelFor))]
}

/** What stands in a draft for an upload to another service until it is uploaded to this one; its URL cannot be sent. */
function standInFor(ref: UploadRef, service: string): UploadRef {
  const from = originalId(ref)
  return {
    uploadId: `carry-${from}`,
    url: `pending-upload:carry/${encodeURIComponent(from)}`,
    fileName: ref.fileName,
    kind: ref.kind,
    preview: null,
    // Already past, so that Generate uploads it first if it is still here then.
    expiresAt: new Date(0).toISOString(),
    localPath: null,
    pending: true,
    service,
    carry: from
  }
}

/** The upload main made: a stand-in still waiting from an earlier switch names it. */
const originalId = (ref: UploadRef) => ref.carry ?? ref.uploadId

async function carryOne(ref: UploadRef, standIn: UploadRef, service: string): Promise<void> {
  const r = await call('uploads.carry', { uploadId: originalId(ref) })
  if (r.ok) {
    useUploads.getState().add({ uploadId: r.data.id, url: r.data.url, fileName: ref.fileName, kind: r.data.kind, preview: null, expiresAt: r.data.expiresAt, localPath: r.data.localPath, service })
    swapUrl(standIn.url, r.data.url)
    useUploads.getState().forget(standIn.url)
  } else if (r.error.code === 'not_found') {
    const fields = swapUrl(standIn.url, null)
    useUploads.getState().forget(standIn.url)
    if (fields.length > 0) toast.warning(MESSAGES.dropped(ref.fileName, fields.join(', ')))
  }
}

async function carryTo(service: string): Promise<void> {
  if (useUploads.getState().service === service) return
  const others = useUploads.getState().switchTo(service)
  const named = urlsNamed()
  const carried = others.filter((ref) => named.has(ref.url))
  // No draft names another service's URL from here on, whatever the uploads below take.
  const standIns = carried.map((ref) => {
    const standIn = standInFor(ref, service)
    useUploads.getState().add(standIn)
    swapUrl(ref.url, standIn.url)
    return standIn
  })
  await Promise.all(carried.map((ref, i) => carryOne(ref, standIns[i]!, service)))
}

let carrying: Promise<void> = Promise.resolve()

/**
 * Takes the drafts' inputs to the service `info` describes, one switch after another (a
 * switch made while inputs go up to the last service carries them on to the next).
 */
export function followService(info: Pick<AppInfo, 'mode' | 'baseUrl' | 'keyLast4'>): Promise<void> {
  const service = serviceOf(info)
  carrying = carrying.then(() => carryTo(service)).catch(() => undefined)
  return carrying
}
