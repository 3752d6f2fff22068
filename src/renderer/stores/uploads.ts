// Inputs uploaded to the service, by the URL the service gave them. Form values hold only
// URLs (as the request does); this map lets the form show a preview, tells `jobs.submit`
// which upload each input field came from (so the library records it), and lets an upload
// that expired (after an hour) be sent again from the copy the library kept. It is kept
// across restarts with the drafts, since a restored draft names these URLs. Each upload
// records the service it was made to (the mode, its address, the account): after a switch,
// those of another service are carried over to the new one (upload-carry.ts).
import { z } from 'zod'
import { create } from 'zustand'
import { readSaved, writeSaved } from './saved'

export interface UploadRef {
  uploadId: string
  url: string
  fileName: string
  kind: 'image' | 'video' | 'audio'
  /** A blob: or library URL the page may display (the service's URL is off-limits by CSP). */
  preview: string | null
  expiresAt: string
  /** The library's copy of the file (relative to the library folder), to upload it again. */
  localPath?: string | null
  /** The library output this is a copy of; uploading it again from there keeps that link. */
  libraryItem?: { jobId: string; index: number }
  /** Not uploaded yet (the service could not be reached when it was chosen): Generate uploads it. */
  pending?: boolean
  /** The service this was uploaded to (see serviceOf); absent only in what an older version kept. */
  service?: string
  /** A stand-in for the upload with this id to another service: Generate uploads it again from the library's copy. */
  carry?: string
}

interface UploadsState {
  byUrl: Record<string, UploadRef>
  /** The service uploads go to now; null until the page has heard which. */
  service: string | null
  /** Keeps an upload, made to the service of now unless it says otherwise. */
  add(ref: UploadRef): void
  /**
   * Uploads go to `service` from now on: uploads kept from before uploads said their service
   * are taken to be its; those of another service are forgotten and returned.
   */
  switchTo(service: string): UploadRef[]
  forget(url: string): void
}

/** Kept at most: a draft names a handful of inputs, and older ones are long expired. */
const MAX_KEPT = 200
const SAVED_KEY = 'uploads'

const savedRef = z.object({
  uploadId: z.string(),
  url: z.string(),
  fileName: z.string(),
  kind: z.enum(['image', 'video', 'audio']),
  expiresAt: z.string(),
  localPath: z.string().nullable().optional(),
  libraryItem: z.object({ jobId: z.string(), index: z.number().int() }).optional(),
  pending: z.boolean().optional(),
  service: z.string().optional(),
  carry: z.string().optional()
})

function revive(): Record<string, UploadRef> {
  const saved = readSaved(SAVED_KEY, z.array(savedRef)) ?? []
  // A blob: preview dies with the page; the form shows the library's copy instead.
  return Object.fromEntries(saved.map((r) => [r.url, { ...r, preview: null }]))
}

export const useUploads = create<UploadsState>((set, get) => ({
  byUrl: revive(),
  service: null,
  add(ref) {
    set((s) => ({ byUrl: { ...s.byUrl, [ref.url]: ref.service !== undefined || s.service === null ? ref : { ...ref, service: s.service } } }))
  },
  switchTo(service) {
    const all = Object.values(get().byUrl)
    const others = all.filter((r) => r.service !== undefined && r.service !== service)
    const kept = all.filter((r) => !others.includes(r)).map((r) => [r.url, { ...r, service }] as const)
    set({ service, byUrl: Object.fromEntries(kept) })
    return others
  },
  forget(url) {
    set((s) => {
      const { [url]: _gone, ...rest } = s.byUrl
      return { byUrl: rest }
    })
  }
}))

useUploads.subscribe((s, prev) => {
  if (s.byUrl === prev.byUrl) return
  const kept = Object.values(s.byUrl)
    .sort((a, b) => b.expiresAt.localeCompare(a.expiresAt))
    .slice(0, MAX_KEPT)
    .map((r) => savedRef.parse(r))
  writeSaved(SAVED_KEY, kept)
})
