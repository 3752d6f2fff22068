// Turns a dropped file or a library item into a service upload whose URL a request can
// name. Uploads are remembered by URL for previews and for the library's input record.
import { call } from '../../api/client'
import { fileToInput } from '../../api/file-encoding'
import { libraryUrl } from '../../api/transport'
import { useUploads, type UploadRef } from '../../stores/uploads'
import type { LibraryDragItem } from '../entries/drag-payload'

export type UploadOutcome = { ok: true; ref: UploadRef } | { ok: false; message: string }

export async function uploadFile(file: File, field?: string): Promise<UploadOutcome> {
  let input
  try {
    input = await fileToInput(file)
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) }
  }
  const r = await call('uploads.create', { file: input, ...(field ? { field } : {}) })
  if (!r.ok) return { ok: false, message: r.error.message }
  const previewable = file.type.startsWith('image/') || file.type.startsWith('video/')
  const ref: UploadRef = {
    uploadId: r.data.id,
    url: r.data.url,
    fileName: file.name,
    kind: r.data.kind,
    preview: previewable ? URL.createObjectURL(file) : null,
    expiresAt: r.data.expiresAt,
    localPath: r.data.localPath
  }
  useUploads.getState().add(ref)
  return { ok: true, ref }
}

/** `label` names the input in the form (the entry's prompt reads better than a file name). */
export async function uploadFromLibrary(item: LibraryDragItem, label?: string): Promise<UploadOutcome> {
  const r = await call('uploads.fromLibrary', item)
  if (!r.ok) return { ok: false, message: r.error.message }
  const ref: UploadRef = {
    uploadId: r.data.id,
    url: r.data.url,
    fileName: label || (r.data.localPath.split(/[\\/]/).pop() ?? 'library file'),
    kind: r.data.kind,
    preview: r.data.localPath ? libraryUrl(r.data.localPath) : null,
    expiresAt: r.data.expiresAt,
    localPath: r.data.localPath,
    libraryItem: item
  }
  useUploads.getState().add(ref)
  return { ok: true, ref }
}

/** What the page can show of an upload: this session's own preview, else the library's copy (after a restart). */
export function previewOf(ref: UploadRef | undefined): string | null {
  if (!ref) return null
  return ref.preview ?? (ref.localPath ? libraryUrl(ref.localPath) : null)
}

/**
 * Stands in for a library output the service could not take yet (it cannot be reached): the
 * form shows the output, and Generate uploads it first (see renew-uploads.ts). The stand-in
 * URL names the item; it is never sent.
 */
export function pendingLibraryInput(item: LibraryDragItem, label: string, kind: UploadRef['kind'], localPath: string | null): UploadRef {
  const ref: UploadRef = {
    uploadId: `pending-${item.jobId}-${item.index}`,
    url: `pending-upload:${encodeURIComponent(item.jobId)}/${item.index}`,
    fileName: label,
    kind,
    preview: localPath ? libraryUrl(localPath) : null,
    // Already past, so the first Generate uploads it.
    expiresAt: new Date(0).toISOString(),
    localPath,
    libraryItem: item,
    pending: true
  }
  useUploads.getState().add(ref)
  return ref
}

/** What a URL field accepts from the desktop, judged by its name. */
export function acceptFor(key: string): string {
  if (/video/i.test(key)) return 'video/*'
  if (/audio|track/i.test(key)) return 'audio/*'
  return 'image/*'
}
