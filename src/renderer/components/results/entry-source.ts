// What a tool result was made from: the image input of an edit, upscale or background
// removal, and the library output it was uploaded from when it was one.
import type { LibraryEntry, LibraryInput } from '../../../shared/app/views'
import { getModel } from '../../../shared/api'

const TOOL_KINDS = ['edit', 'upscale', 'background']

/** The input a result was made from: the one from the library if any, else the first image that is not a mask. */
export function sourceInputOf(entry: Pick<LibraryEntry, 'inputs'>): LibraryInput | null {
  const images = entry.inputs.filter((i) => !/(^|\.)mask$/i.test(i.field))
  return images.find((i) => i.sourceJobId !== undefined) ?? images.find((i) => i.mime.startsWith('image/')) ?? null
}

/** Whether the entry is an image tool's result, which compares with its input before/after. */
export function isToolResult(entry: Pick<LibraryEntry, 'model' | 'modality'>): boolean {
  const kind = getModel(entry.model)?.kind
  return entry.modality === 'image' && kind !== undefined && TOOL_KINDS.includes(kind)
}
