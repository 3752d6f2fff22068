// Inputs uploaded during this session, by the URL the service gave them. Form values hold
// only URLs (as the request does); this map lets the form show a preview and tells
// `jobs.submit` which upload each input field came from, so the library records it.
import { create } from 'zustand'

export interface UploadRef {
  uploadId: string
  url: string
  fileName: string
  kind: 'image' | 'video' | 'audio'
  /** A blob: or library URL the page may display (the service's URL is off-limits by CSP). */
  preview: string | null
  expiresAt: string
}

interface UploadsState {
  byUrl: Record<string, UploadRef>
  add(ref: UploadRef): void
}

export const useUploads = create<UploadsState>((set) => ({
  byUrl: {},
  add(ref) {
    set((s) => ({ byUrl: { ...s.byUrl, [ref.url]: ref } }))
  }
}))
