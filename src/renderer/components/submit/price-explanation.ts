// How a price was reached ("4 outputs × 7 per output"), in the page's language. The figure
// itself comes from the engine (which prices with the service's own table); the quantities
// it multiplies (outputs, seconds, megapixels) come from the request, so the unit shown is
// the engine's figure divided by them and the sentence always adds up to the price shown.
import { durationSeconds, outputCount, paramsOf, upscaleOutputMegapixels, type CostContext, type GenerationRequest, type ModelInfo } from '../../../shared/api'
import { t } from '../../i18n/page-i18n'

export function explainPrice(model: ModelInfo, request: GenerationRequest, credits: number | null, ctx: CostContext = {}): string {
  const params = paramsOf(request, model)
  const unitOf = (n: number) => (credits !== null && n > 0 ? credits / n : model.pricing.unitCost)
  switch (model.pricing.mode) {
    case 'flat':
      return t('messages:price.flat')
    case 'per-output': {
      const count = outputCount(model, params)
      return t('messages:price.perOutput', { count, unit: unitOf(count) })
    }
    case 'per-second': {
      const seconds = durationSeconds(model, params)
      return t('messages:price.perSecond', { seconds, unit: unitOf(seconds) })
    }
    case 'per-megapixel': {
      const mp = upscaleOutputMegapixels(params, ctx.inputMegapixels)
      return t(ctx.inputMegapixels === undefined ? 'messages:price.perMegapixelAssumed' : 'messages:price.perMegapixel', { mp, unit: unitOf(mp) })
    }
  }
}
