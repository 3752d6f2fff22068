// A picture this app saved (in another library, on another device): the request it was
// made with is inside it, so the imported entry has the model and the whole parameter
// block, exactly as the app's own entries do, and remixes with every setting.
import { getModel } from '../../../../shared/api'
import { findForbiddenKey } from '../../../../shared/app/safe-keys'
import type { ImageTexts } from '../../media/image-texts'
import { isRecord, jsonObject, toolSettings, type ToolSettings } from '../tool-settings'

export interface OwnSettings {
  settings: ToolSettings
  /** The request's parameters as the app's entries keep them (the family's block, inputs left behind). */
  params: Record<string, unknown>
  /** The job it was made by, when the file names it. */
  jobId: string | null
}

export function readMediagen(t: ImageTexts): OwnSettings | null {
  const requestJson = t.own?.requestJson
  const request = jsonObject(requestJson)
  if (!requestJson || !request || findForbiddenKey(request) || typeof request.model !== 'string') return null
  const { model, prompt, ...params } = request
  const block = isRecord(params[getModel(model)?.blockName ?? '']) ? (params[getModel(model)!.blockName] as Record<string, unknown>) : params
  const raw: Record<string, string> = { 'mediagen.request': requestJson }
  if (t.own?.parameters) raw.parameters = t.own.parameters
  const job = /(?:^|, )Job: ([\w-]{1,128})(?:,|$)/m.exec(t.own?.parameters ?? '')
  const settings = toolSettings(
    'mediagen',
    { prompt, negativePrompt: block.negative_prompt, seed: block.seed, steps: block.steps ?? block.num_inference_steps, cfg: block.guidance_scale ?? block.guidance, model, width: block.width, height: block.height },
    raw
  )
  return { settings, params, jobId: job?.[1] ?? null }
}
