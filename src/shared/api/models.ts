// The model registry: model id -> family, parameter block, modality, kind of job and price.
// It is the one place that knows the service's models; the route table, the demo service's
// catalog, cost estimates and the app's forms are all derived from it.
import type { z } from 'zod'
import * as img from './families/images'
import * as tools from './families/image-tools'
import * as vid from './families/video'
import { m1Params } from './families/music'

export type Modality = 'image' | 'video' | 'music'
/** Which submission route a model uses. */
export type JobKind = 'image' | 'upscale' | 'edit' | 'background' | 'video' | 'music'
/** How a job's cost is computed from its unit price (see service-profile.md, Credits). */
export type PricingMode = 'flat' | 'per-output' | 'per-second' | 'per-megapixel'
/** Which prompt rule applies to the envelope. */
export type PromptRule = 'image' | 'long-image' | 'video' | 'music' | 'none'

export interface ModelInfo {
  id: string
  family: string
  label: string
  description: string
  modality: Modality
  kind: JobKind
  blockName: string
  block: z.ZodType
  blockRequired: boolean
  prompt: PromptRule
  pricing: { mode: PricingMode; unitCost: number }
  /** The block field that counts outputs for per-output pricing and result size. */
  countField?: string
  /** Produces a 2x2 grid image beside its images. */
  grid?: boolean
}

interface FamilyDef {
  family: string
  count: number
  modality: Modality
  kind: JobKind
  description: string
  block: (index: number) => z.ZodType
  blockRequired?: boolean
  prompt: PromptRule
  pricing: { mode: PricingMode; unitCost: number }
  countField?: string
  grid?: boolean
  /** Model ids other than `<family>-<n>`, when a family has variants. */
  ids?: string[]
}

const FAMILIES: FamilyDef[] = [
  { family: 'i1', count: 1, modality: 'image', kind: 'image', description: 'Fast text-to-image', block: () => img.i1Params, prompt: 'image', pricing: { mode: 'flat', unitCost: 3 } },
  { family: 'i2', count: 3, modality: 'image', kind: 'image', description: 'Multi-reference image model with web grounding', block: () => img.i2Params, prompt: 'image', pricing: { mode: 'flat', unitCost: 12 } },
  { family: 'i3', count: 6, modality: 'image', kind: 'image', description: 'High-fidelity image model with image prompts', block: (n) => img.i3Params(n <= 3 ? 'free' : 'enum'), prompt: 'image', pricing: { mode: 'flat', unitCost: 8 } },
  { family: 'i4', count: 5, modality: 'image', kind: 'image', description: 'Large-format image model', block: () => img.i4Params, prompt: 'image', pricing: { mode: 'flat', unitCost: 10 } },
  { family: 'i5', count: 8, modality: 'image', kind: 'image', description: 'Design and typography model; one character variant', block: (n) => (n === 8 ? img.i5CharacterParams : img.i5Params), prompt: 'image', pricing: { mode: 'flat', unitCost: 9 }, ids: ['i5-1', 'i5-2', 'i5-3', 'i5-4', 'i5-5', 'i5-6', 'i5-7', 'i5-character'] },
  { family: 'i6', count: 5, modality: 'image', kind: 'image', description: 'Photographic image model', block: () => img.i6Params, prompt: 'image', pricing: { mode: 'flat', unitCost: 6 } },
  { family: 'i7', count: 2, modality: 'image', kind: 'image', description: 'Illustration model with vivid or natural style', block: () => img.i7Params, prompt: 'image', pricing: { mode: 'flat', unitCost: 8 } },
  { family: 'i8', count: 1, modality: 'image', kind: 'image', description: 'Instruction-following model, several images per job', block: () => img.i8Params, prompt: 'image', pricing: { mode: 'per-output', unitCost: 7 }, countField: 'number_of_images' },
  { family: 'i9', count: 1, modality: 'image', kind: 'image', description: 'Instruction-following model, opaque backgrounds', block: () => img.i9Params, prompt: 'image', pricing: { mode: 'per-output', unitCost: 5 }, countField: 'number_of_images' },
  { family: 'i10', count: 1, modality: 'image', kind: 'image', description: 'Versioned image model, up to 4 images', block: () => img.i10Params, prompt: 'image', pricing: { mode: 'per-output', unitCost: 4 }, countField: 'n' },
  { family: 'i11', count: 1, modality: 'image', kind: 'image', description: 'Text-to-image, image-to-image and edits', block: () => img.i11Params, prompt: 'image', pricing: { mode: 'per-output', unitCost: 4 }, countField: 'num_images' },
  { family: 'i12', count: 2, modality: 'image', kind: 'image', description: 'Wide-ratio image model', block: () => img.i12Params, prompt: 'image', pricing: { mode: 'flat', unitCost: 5 } },
  { family: 'i13', count: 1, modality: 'image', kind: 'image', description: 'Image model with prompt extension', block: () => img.i13Params, prompt: 'image', pricing: { mode: 'flat', unitCost: 5 } },
  { family: 'i14', count: 2, modality: 'image', kind: 'image', description: 'Long-prompt image model (up to 5,000 characters)', block: () => img.i14Params, prompt: 'long-image', pricing: { mode: 'flat', unitCost: 6 } },
  { family: 'i15', count: 1, modality: 'image', kind: 'image', description: 'Reference-guided image model', block: () => img.i15Params, prompt: 'image', pricing: { mode: 'flat', unitCost: 5 } },
  { family: 'i16', count: 1, modality: 'image', kind: 'image', description: 'Four variations and a 2x2 grid', block: () => img.i16Params, prompt: 'image', pricing: { mode: 'flat', unitCost: 16 }, grid: true },
  { family: 'i17', count: 1, modality: 'image', kind: 'image', description: 'Generate with one of your trained LoRAs', block: () => img.i17Params, blockRequired: true, prompt: 'image', pricing: { mode: 'per-output', unitCost: 6 }, countField: 'num_outputs' },
  { family: 'u1', count: 1, modality: 'image', kind: 'upscale', description: 'Upscaler priced per output megapixel', block: () => tools.u1Params, blockRequired: true, prompt: 'none', pricing: { mode: 'per-megapixel', unitCost: 2 } },
  { family: 'u2', count: 1, modality: 'image', kind: 'upscale', description: 'Creative upscaler with a prompt', block: () => tools.u2Params, blockRequired: true, prompt: 'none', pricing: { mode: 'flat', unitCost: 20 } },
  { family: 'e1', count: 1, modality: 'image', kind: 'edit', description: 'Inpaint and outpaint', block: () => tools.e1Params, blockRequired: true, prompt: 'image', pricing: { mode: 'flat', unitCost: 10 } },
  { family: 'b1', count: 1, modality: 'image', kind: 'background', description: 'Background removal', block: () => tools.b1Params, blockRequired: true, prompt: 'none', pricing: { mode: 'flat', unitCost: 2 } },
  { family: 'b2', count: 1, modality: 'image', kind: 'background', description: 'Background removal and replacement', block: () => tools.b2Params, blockRequired: true, prompt: 'none', pricing: { mode: 'flat', unitCost: 3 } },
  { family: 'v1', count: 1, modality: 'video', kind: 'video', description: 'Video, standard tier', block: () => vid.v1Params, prompt: 'video', pricing: { mode: 'per-second', unitCost: 10 } },
  { family: 'v2', count: 1, modality: 'video', kind: 'video', description: 'Video, master tier', block: () => vid.v2Params, prompt: 'video', pricing: { mode: 'per-second', unitCost: 28 } },
  { family: 'v3', count: 1, modality: 'video', kind: 'video', description: 'Video, turbo tier', block: () => vid.v3Params, prompt: 'video', pricing: { mode: 'per-second', unitCost: 7 } },
  { family: 'v4', count: 1, modality: 'video', kind: 'video', description: 'Video with generated audio', block: () => vid.v4Params, prompt: 'video', pricing: { mode: 'per-second', unitCost: 14 } },
  { family: 'v5', count: 1, modality: 'video', kind: 'video', description: 'Video up to 15 s, up to 4K', block: () => vid.v5Params, prompt: 'video', pricing: { mode: 'per-second', unitCost: 20 } },
  { family: 'v6', count: 2, modality: 'video', kind: 'video', description: 'Long video, standard or high resolution', block: () => vid.v6Params, prompt: 'video', pricing: { mode: 'per-second', unitCost: 15 } },
  { family: 'v7', count: 3, modality: 'video', kind: 'video', description: 'Video with camera control and audio', block: () => vid.v7Params, prompt: 'video', pricing: { mode: 'per-second', unitCost: 9 } },
  { family: 'v8', count: 1, modality: 'video', kind: 'video', description: 'Video with first and last frames', block: () => vid.v8Params, prompt: 'video', pricing: { mode: 'per-second', unitCost: 12 } },
  { family: 'm1', count: 2, modality: 'music', kind: 'music', description: 'Music with optional lyrics', block: () => m1Params, prompt: 'music', pricing: { mode: 'per-second', unitCost: 1 } }
]

function buildRegistry(): Map<string, ModelInfo> {
  const registry = new Map<string, ModelInfo>()
  for (const def of FAMILIES) {
    for (let n = 1; n <= def.count; n++) {
      const id = def.ids?.[n - 1] ?? `${def.family}-${n}`
      const variant = id.endsWith('-character') ? ' (character)' : ''
      registry.set(id, {
        id,
        family: def.family,
        label: `${def.family.toUpperCase()} · ${variant ? 'character' : n}`,
        description: def.description + variant,
        modality: def.modality,
        kind: def.kind,
        blockName: `${def.family}Params`,
        block: def.block(n),
        // The character variant of I5 requires its block; the rest of I5 does not.
        blockRequired: def.blockRequired ?? id === 'i5-character',
        prompt: def.prompt,
        pricing: def.pricing,
        ...(def.countField ? { countField: def.countField } : {}),
        ...(def.grid ? { grid: true } : {})
      })
    }
  }
  return registry
}

export const MODELS: ReadonlyMap<string, ModelInfo> = buildRegistry()

export function getModel(id: string): ModelInfo | undefined {
  return MODELS.get(id)
}

export function listModels(): ModelInfo[] {
  return [...MODELS.values()]
}

/** The family of a model id: from the registry, else from a `<family>-…` prefix. */
export function familyOf(modelId: string): string | undefined {
  return MODELS.get(modelId)?.family ?? /^([a-z]+\d+)-/.exec(modelId)?.[1]
}
