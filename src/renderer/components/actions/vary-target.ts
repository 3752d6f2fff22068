// Which model varies a result: image-to-image at a strength. Three families take an image
// and a strength, each naming them its own way and some reading the number the other way
// round (how much to change, or how much to keep). A result of one of them is varied on
// its own model; any other on the family that keeps most of its settings, the first of
// this table on a tie.
import { getModel, listModels, type ModelInfo } from '../../../shared/api'
import { carryParams } from '../../forms/carry-params'

export type VaryStrength = 'subtle' | 'strong'

interface StrengthFamily {
  family: string
  /** The block's field for the image to start from. */
  image: string
  /** The block's field for the strength. */
  strength: string
  /** `change`: 1 repaints everything; `likeness`: 1 keeps the image as it is. */
  means: 'change' | 'likeness'
  /** What the block needs besides, to work from the image. */
  fixed: Record<string, unknown>
}

export const STRENGTH_FAMILIES: readonly StrengthFamily[] = [
  { family: 'i3', image: 'image_prompt', strength: 'image_prompt_strength', means: 'likeness', fixed: {} },
  { family: 'i11', image: 'image_url', strength: 'strength', means: 'change', fixed: { task_type: 'image-to-image' } },
  { family: 'i10', image: 'image', strength: 'image_fidelity', means: 'likeness', fixed: {} }
]

/** How much of the picture a variation changes. */
export const CHANGE: Record<VaryStrength, number> = { subtle: 0.3, strong: 0.65 }

export interface VaryTarget {
  model: ModelInfo
  family: StrengthFamily
  /** The source's settings the target takes (inputs left behind). */
  kept: Record<string, unknown>
  /** Labels of the source's settings it does not take. */
  dropped: string[]
  sameModel: boolean
}

const familyOf = (m: ModelInfo) => STRENGTH_FAMILIES.find((f) => f.family === m.family)

export function varyTarget(sourceModel: string, params: Record<string, unknown>): VaryTarget | null {
  const own = getModel(sourceModel)
  const ownFamily = own ? familyOf(own) : undefined
  if (own && ownFamily) {
    const carried = carryParams(params, own, { inputs: false })
    return { model: own, family: ownFamily, kept: carried.kept, dropped: carried.dropped, sameModel: true }
  }
  let best: VaryTarget | null = null
  for (const family of STRENGTH_FAMILIES) {
    const model = listModels().find((m) => m.family === family.family)
    if (!model) continue
    const carried = carryParams(params, model, { inputs: false })
    if (!best || Object.keys(carried.kept).length > Object.keys(best.kept).length) {
      best = { model, family, kept: carried.kept, dropped: carried.dropped, sameModel: false }
    }
  }
  return best
}

/** The strength field's value for a variation, as the family reads it. */
export function strengthValue(family: StrengthFamily, strength: VaryStrength): number {
  const change = CHANGE[strength]
  return family.means === 'change' ? change : Math.round((1 - change) * 100) / 100
}
