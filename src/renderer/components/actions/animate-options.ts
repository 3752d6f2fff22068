// What "Animate" offers: every video model that starts from an image, and the durations
// each takes, so the dialog shows only requests the service accepts.
import { DEFAULT_VIDEO_SECONDS } from '../../../shared/api/families/video'
import { listModels, type ModelInfo } from '../../../shared/api'
import { fieldsOf } from '../../forms/field-spec'

/** Video models with a `start_image`. */
export function animateModels(): ModelInfo[] {
  return listModels().filter((m) => m.modality === 'video' && fieldsOf(m.block, m.blockName).some((f) => f.key === 'start_image'))
}

/** The durations a model takes, in seconds, shortest first. */
export function durationsOf(model: ModelInfo): number[] {
  const f = fieldsOf(model.block, model.blockName).find((x) => x.key === 'duration')
  if (!f) return [DEFAULT_VIDEO_SECONDS[model.family] ?? 5]
  const listed = (f.options ?? []).filter((o): o is number => typeof o === 'number')
  if (listed.length > 0) return [...listed].sort((a, b) => a - b)
  if (f.min === undefined || f.max === undefined) return [DEFAULT_VIDEO_SECONDS[model.family] ?? 5]
  return Array.from({ length: f.max - f.min + 1 }, (_, i) => (f.min as number) + i)
}

/** The model Animate starts on: the video model last used in Create when it takes an image, else the cheapest per second. */
export function defaultAnimateModel(lastVideoModel: string | undefined): ModelInfo | undefined {
  const models = animateModels()
  return models.find((m) => m.id === lastVideoModel) ?? [...models].sort((a, b) => a.pricing.unitCost - b.pricing.unitCost)[0]
}

/** The family's own default duration when the model takes it, else its shortest. */
export function defaultDuration(model: ModelInfo): number {
  const all = durationsOf(model)
  const preferred = DEFAULT_VIDEO_SECONDS[model.family]
  return preferred !== undefined && all.includes(preferred) ? preferred : (all[0] ?? 5)
}
