// Inputs uploaded to the service, by the URL the service gave them. Form values hold only
// URLs (as the request does); this map lets the form show a preview, tells `jobs.submit`
// which upload each input field came from (so the library records it), and lets an upload
// that expired (after an hour) be sent again from the copy the library kept. It is kept
// across restarts with the drafts, since a restored draft names these URLs.
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
}

interface UploadsState {
  byUrl: Record<string, UploadRef>
  add(ref: UploadRef): void
  /** Forgets every upload (they were made to another account's service). */
  clear(): void
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
  pending: z.boolean().optional()
})

function revive(): Record<string, UploadRef> {
  const saved = readSaved(SAVED_KEY, z.array(savedRef)) ?? []
  // A blob: preview dies with the page; the form shows the library's copy instead.
  return Object.fromEntries(saved.map((r) => [r.url, { ...r, preview: null }]))
}

export const useUploads = create<UploadsState>((set) => ({
  byUrl: revive(),
  add(ref) {
    set((s) => ({ byUrl: { ...s.byUrl, [ref.url]: ref } }))
  },
  clear() {
    set({ byUrl: {} })
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
