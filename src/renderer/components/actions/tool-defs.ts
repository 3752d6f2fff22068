// The image tools: which models each offers and how its form is laid out.
import type { JobKind } from '../../../shared/api'
import { getModel, imageToolFamilies } from '../../../shared/api'
import type { OutpaintMode } from './outpaint-geometry'

export type ToolId = 'edit' | 'upscale' | 'background'

export interface ToolDef {
  id: ToolId
  label: string
  description: string
  kinds: readonly JobKind[]
  defaultModel: string
  /** Parameters preset when the tool opens, so the form starts valid where it can. */
  defaultParams: Record<string, unknown>
  submitLabel: string
}

export const TOOLS: ToolDef[] = [
  { id: 'edit', label: 'Edit', description: 'Repaint part of an image with a mask, or extend it beyond its borders.', kinds: ['edit'], defaultModel: 'e1-1', defaultParams: { mode: 'inpaint' }, submitLabel: 'Edit image' },
  { id: 'upscale', label: 'Upscale', description: 'Enlarge an image with detail recovery.', kinds: ['upscale'], defaultModel: 'u1-1', defaultParams: {}, submitLabel: 'Upscale image' },
  { id: 'background', label: 'Remove background', description: 'Cut out the subject, or replace what is behind it.', kinds: ['background'], defaultModel: 'b1-1', defaultParams: {}, submitLabel: 'Remove background' }
]

/** Where a model is run: Create for generation, Tools for the image tools. */
export function viewFor(kind: JobKind | null): 'create' | 'tools' {
  return kind === 'upscale' || kind === 'edit' || kind === 'background' ? 'tools' : 'create'
}

export function toolOfModel(modelId: string | null): ToolDef {
  const kind = modelId ? getModel(modelId)?.kind : undefined
  return TOOLS.find((t) => kind !== undefined && t.kinds.includes(kind)) ?? (TOOLS[0] as ToolDef)
}

/** Parameters shown beside the image, not in the settings list. */
export function sideInputs(tool: ToolId): string[] {
  return tool === 'edit' ? ['image', 'mask'] : ['image']
}

/** Parameters that mean nothing in the current state of the form. */
export function irrelevantParams(tool: ToolId, params: Record<string, unknown>): string[] {
  if (tool === 'edit' && params.mode !== 'outpaint') return ['outpaint']
  return []
}

/** The form's `outpaint` value when it is one the service knows. */
export function outpaintModeOf(value: unknown): OutpaintMode | undefined {
  return imageToolFamilies.OUTPAINT_MODES.find((m) => m === value)
}
