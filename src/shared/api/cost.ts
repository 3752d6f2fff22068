// Cost estimates for every pricing mode, true to what the service charges (profile:
// Credits). The demo service charges with these same functions.
import type { GenerationRequest } from './envelope'
import { paramsOf } from './envelope'
import { DEFAULT_UPSCALE_FACTOR, knownDefault } from './defaults'
import type { ModelInfo } from './models'

export interface CostEstimate {
  credits: number
  /** How the figure was reached, e.g. "4 outputs × 7 per output". */
  explanation: string
}

export interface CostContext {
  /** Megapixels of U1's input image, when known (the service measures it). */
  inputMegapixels?: number
}

/** How many outputs a request asks for (1 unless the family has a count field). */
export function outputCount(model: ModelInfo, params: Record<string, unknown>): number {
  if (!model.countField) return 1
  const n = params[model.countField]
  return typeof n === 'number' && n >= 1 ? n : (knownDefault(model, model.countField) ?? 1)
}

/** Seconds of media a video or music request asks for. */
export function durationSeconds(model: ModelInfo, params: Record<string, unknown>): number {
  const key = model.modality === 'music' ? 'duration_seconds' : 'duration'
  const d = params[key]
  return typeof d === 'number' ? d : (knownDefault(model, key) ?? 5)
}

/**
 * One megapixel as the service counts it for sizes ("1MP" is 1024 × 1024) and prices. The
 * page measuring an input and the demo service charging for it must count alike, or the
 * estimate shown and the charge made part ways.
 */
export const MEGAPIXEL = 1024 * 1024

/** An image's size in megapixels, as U1 is priced. */
export function megapixelsOf(width: number, height: number): number {
  return (width * height) / MEGAPIXEL
}

/** U1's output size: input megapixels × factor², rounded up to whole megapixels. */
export function upscaleOutputMegapixels(params: Record<string, unknown>, inputMegapixels = 1): number {
  const factor = typeof params.upscale_factor === 'number' ? params.upscale_factor : DEFAULT_UPSCALE_FACTOR
  return Math.max(1, Math.ceil(inputMegapixels * factor * factor))
}

export function estimateCost(model: ModelInfo, request: GenerationRequest, ctx: CostContext = {}): CostEstimate {
  const params = paramsOf(request, model)
  const unit = model.pricing.unitCost
  switch (model.pricing.mode) {
    case 'flat':
      return { credits: unit, explanation: `flat price per job` }
    case 'per-output': {
      const n = outputCount(model, params)
      return { credits: n * unit, explanation: `${n} output${n === 1 ? '' : 's'} × ${unit} per output` }
    }
    case 'per-second': {
      const s = durationSeconds(model, params)
      return { credits: s * unit, explanation: `${s} s × ${unit} per second` }
    }
    case 'per-megapixel': {
      const mp = upscaleOutputMegapixels(params, ctx.inputMegapixels)
      const known = ctx.inputMegapixels === undefined ? ' (assuming a 1 MP input)' : ''
      return { credits: mp * unit, explanation: `${mp} MP × ${unit} per megapixel${known}` }
    }
  }
}
