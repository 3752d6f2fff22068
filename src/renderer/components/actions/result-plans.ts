// What each action on a result sends: which model, which block, where the result goes in
// it, and what it costs. Worked out here from the result alone, without the service, so
// the menu can show every action's model and price before anything is sent; the sending
// itself (upload, then the engine's submit) is send-result-action.ts.
import { estimateCost, getModel, megapixelsOf, parseGenerationRequest, type ModelInfo } from '../../../shared/api'
import { buildBody, type RequestBody } from '../../forms/request-body'
import { outpaintLayout, type OutpaintLayout, type OutpaintMode } from './outpaint-geometry'
import { strengthValue, varyTarget, type VaryStrength } from './vary-target'

export const OUTPAINT_ACTIONS = {
  'zoom-1.5': 'Zoom out 1.5x',
  'zoom-2': 'Zoom out 2x',
  square: 'Make square',
  'pan-left': 'Left outpaint',
  'pan-right': 'Right outpaint',
  'pan-up': 'Top outpaint',
  'pan-down': 'Bottom outpaint'
} as const satisfies Record<string, OutpaintMode>

export type OutpaintAction = keyof typeof OUTPAINT_ACTIONS
export type SendAction = `vary-${VaryStrength}` | 'vary-region' | OutpaintAction | 'upscale-2' | 'upscale-4' | 'remove-background' | 'animate'

/** The result an action starts from: its model, prompt, settings and the picture's size. */
export interface ActionSource {
  model: string
  prompt: string
  params: Record<string, unknown>
  width: number | null
  height: number | null
}

export interface ActionPlan {
  action: SendAction
  model: ModelInfo
  /** The block's field the result goes into, and its path in the request. */
  imageKey: string
  /** True when the request carries a prompt (the menu's prompt is then required). */
  takesPrompt: boolean
  /** The block without the result's URL (and without a mask, for an inpaint). */
  params: Record<string, unknown>
  /** When the result's own model cannot do it (a variation): that model's id. */
  switchedFrom: string | null
  /** The source's settings the model used does not take. */
  dropped: string[]
  /** An outpaint's canvas, the result placed on it. */
  canvas: OutpaintLayout | null
}

/** A URL standing in for the result while pricing: no family prices by the image's address. */
const STAND_IN = 'https://example.invalid/result.png'

const takesPromptOf = (m: ModelInfo) => m.prompt !== 'none'

function varyPlan(source: ActionSource, strength: VaryStrength): ActionPlan | null {
  const target = varyTarget(source.model, source.params)
  if (!target) return null
  const { family, model } = target
  // A new seed: main picks one for a request that names none.
  const { seed: _seed, ...kept } = target.kept
  const params = { ...kept, ...family.fixed, [family.strength]: strengthValue(family, strength) }
  return { action: `vary-${strength}`, model, imageKey: family.image, takesPrompt: true, params, switchedFrom: target.sameModel ? null : source.model, dropped: target.dropped, canvas: null }
}

function toolPlan(action: SendAction, modelId: string, params: Record<string, unknown>, canvas: OutpaintLayout | null = null): ActionPlan | null {
  const model = getModel(modelId)
  return model ? { action, model, imageKey: 'image', takesPrompt: takesPromptOf(model), params, switchedFrom: null, dropped: [], canvas } : null
}

const sizeOf = (s: ActionSource) => (s.width && s.height ? { width: s.width, height: s.height } : null)

/** The plan of one action on this result, or null when no model the app knows can do it. */
export function planAction(action: SendAction, source: ActionSource, animateWith?: { model: string; duration: number }): ActionPlan | null {
  switch (action) {
    case 'vary-subtle':
      return varyPlan(source, 'subtle')
    case 'vary-strong':
      return varyPlan(source, 'strong')
    case 'vary-region':
      return toolPlan(action, 'e1-1', { mode: 'inpaint' })
    case 'upscale-2':
      return toolPlan(action, 'u1-1', { upscale_factor: 2 })
    case 'upscale-4':
      return toolPlan(action, 'u1-1', { upscale_factor: 4 })
    case 'remove-background':
      return toolPlan(action, 'b1-1', {})
    case 'animate': {
      if (!animateWith) return null
      const plan = toolPlan(action, animateWith.model, { duration: animateWith.duration })
      return plan ? { ...plan, imageKey: 'start_image' } : null
    }
    default: {
      const mode = OUTPAINT_ACTIONS[action]
      const size = sizeOf(source)
      return toolPlan(action, 'e1-1', { mode: 'outpaint', outpaint: mode }, size ? outpaintLayout(mode, size) : null)
    }
  }
}

/** The request an action sends, with the uploaded result (and mask) in place. */
export function planRequest(plan: ActionPlan, image: string, prompt: string, mask?: string): RequestBody {
  const params = { ...plan.params, [plan.imageKey]: image, ...(mask ? { mask } : {}) }
  return buildBody(plan.model, prompt, params)
}

/**
 * What the action costs, by the same pricing the engine holds a send to; null when the
 * request would not be valid (the prompt is empty, say). U1 is priced by the result's size.
 */
export function planCredits(plan: ActionPlan, source: ActionSource, prompt: string): number | null {
  const body = planRequest(plan, STAND_IN, prompt, plan.action === 'vary-region' ? STAND_IN : undefined)
  const parsed = parseGenerationRequest(body)
  if (!parsed.ok) return null
  const size = sizeOf(source)
  return estimateCost(parsed.model, parsed.request, size ? { inputMegapixels: megapixelsOf(size.width, size.height) } : {}).credits
}
