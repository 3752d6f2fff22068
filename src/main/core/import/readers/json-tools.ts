// Tools that write their settings as JSON: SwarmUI (`sui_image_params` in `parameters` or
// EXIF UserComment), InvokeAI (`invokeai_metadata`, and `sd-metadata` of its 2.x days),
// NovelAI (`Comment`, with `Software` and `Source`) and Fooocus (`parameters` as JSON, its
// scheme in `fooocus_scheme` or EXIF MakerNote; its A1111 scheme is A1111 text).
import type { ImageTexts } from '../../media/image-texts'
import { isRecord, jsonObject, toolSettings, type ToolSettings } from '../tool-settings'
import { a1111Settings, parametersText } from './a1111'

/** The texts present among `keys`, by key, as the entry keeps them. */
function rawOf(t: ImageTexts, keys: string[]): Record<string, string> {
  const raw: Record<string, string> = {}
  for (const key of keys) {
    const value = t.png.get(key)
    if (value !== undefined) raw[key] = value
  }
  return raw
}

export function readSwarmUi(t: ImageTexts): ToolSettings | null {
  const found = parametersText(t)
  const p = jsonObject(found?.text)?.sui_image_params
  if (!found || !isRecord(p)) return null
  return toolSettings(
    'swarmui',
    { prompt: p.prompt, negativePrompt: p.negativeprompt, seed: p.seed, steps: p.steps, cfg: p.cfgscale, sampler: p.sampler, model: p.model, width: p.width, height: p.height },
    { [found.where]: found.text },
    { Scheduler: p.scheduler, Version: p.swarm_version }
  )
}

const INVOKE_KEYS = ['invokeai_metadata', 'invokeai_graph', 'invokeai_workflow', 'sd-metadata']

function invokeModel(model: unknown): unknown {
  return isRecord(model) ? (model.name ?? model.model_name) : model
}

/** InvokeAI 2.x kept the prompt as a list of weighted parts. */
function promptParts(prompt: unknown): unknown {
  if (!Array.isArray(prompt)) return prompt
  return prompt.map((p: unknown) => (isRecord(p) && typeof p.prompt === 'string' ? p.prompt : '')).join(' ')
}

export function readInvokeAi(t: ImageTexts): ToolSettings | null {
  const m = jsonObject(t.png.get('invokeai_metadata'))
  const raw = rawOf(t, INVOKE_KEYS)
  if (m) {
    return toolSettings(
      'invokeai',
      { prompt: m.positive_prompt, negativePrompt: m.negative_prompt, seed: m.seed, steps: m.steps, cfg: m.cfg_scale, sampler: m.scheduler, model: invokeModel(m.model), width: m.width, height: m.height },
      raw,
      { Version: m.app_version, Mode: m.generation_mode }
    )
  }
  const legacy = jsonObject(t.png.get('sd-metadata'))
  const image = legacy?.image
  if (!legacy || !isRecord(image)) return null
  return toolSettings(
    'invokeai',
    { prompt: promptParts(image.prompt), seed: image.seed, steps: image.steps, cfg: image.cfg_scale, sampler: image.sampler, model: legacy.model_weights, width: image.width, height: image.height },
    raw,
    { Version: legacy.app_version }
  )
}

const NOVELAI_KEYS = ['Comment', 'Description', 'Software', 'Source', 'Title', 'Generation time']

function caption(v4: unknown): unknown {
  return isRecord(v4) && isRecord(v4.caption) ? v4.caption.base_caption : undefined
}

/** NovelAI's settings: its PNG `Comment`, or the same JSON in EXIF UserComment (alone, or as a `Comment` text in it). */
function novelAiComment(t: ImageTexts): Record<string, unknown> | null {
  const png = jsonObject(t.png.get('Comment'))
  if (png) return png
  const exif = jsonObject(t.exif?.userComment)
  const inner = exif && typeof exif.Comment === 'string' ? jsonObject(exif.Comment) : null
  const comment = inner ?? exif
  return comment && ('uc' in comment || 'request_type' in comment || 'v4_prompt' in comment) ? comment : null
}

export function readNovelAi(t: ImageTexts): ToolSettings | null {
  const c = novelAiComment(t)
  const byName = t.png.get('Software') === 'NovelAI'
  if (!c && !byName) return null
  if (c && !byName && !('uc' in c || 'request_type' in c || 'v4_prompt' in c)) return null
  const source = t.png.get('Source')
  const raw = rawOf(t, NOVELAI_KEYS)
  if (Object.keys(raw).length === 0 && t.exif?.userComment) raw['EXIF UserComment'] = t.exif.userComment
  return toolSettings(
    'novelai',
    {
      prompt: c?.prompt ?? caption(c?.v4_prompt) ?? t.png.get('Description'),
      negativePrompt: c?.uc ?? caption(c?.v4_negative_prompt),
      seed: c?.seed, steps: c?.steps, cfg: c?.scale, sampler: c?.sampler, width: c?.width, height: c?.height,
      // "NovelAI Diffusion V4.5 4BDE2A90": the model, then a hash of it.
      model: source?.replace(/\s+[0-9A-F]{8}$/i, '')
    },
    raw,
    { Source: source, 'Generation time': t.png.get('Generation time') }
  )
}

function fooocusScheme(t: ImageTexts): string | null {
  const png = t.png.get('fooocus_scheme')
  if (png !== undefined) return png
  return t.exif?.software?.startsWith('Fooocus') ? (t.exif.makerNote ?? 'fooocus') : null
}

function looksLikeFooocus(json: Record<string, unknown>): boolean {
  return (typeof json.version === 'string' && json.version.startsWith('Fooocus')) || 'metadata_scheme' in json || 'full_prompt' in json
}

const joined = (v: unknown): unknown => (Array.isArray(v) ? v.filter((s) => typeof s === 'string').join(', ') : v)

export function readFooocus(t: ImageTexts): ToolSettings | null {
  const found = parametersText(t)
  if (!found) return null
  const scheme = fooocusScheme(t)
  const json = jsonObject(found.text)
  if (!json) return scheme === null ? null : a1111Settings(found.text, found.where, 'fooocus')
  if (scheme !== 'fooocus' && !looksLikeFooocus(json)) return null
  const size = typeof json.resolution === 'string' ? /^\((\d{1,6}),\s*(\d{1,6})\)$/.exec(json.resolution) : null
  const raw: Record<string, string> = { [found.where]: found.text }
  if (scheme !== null) raw.fooocus_scheme = scheme
  return toolSettings(
    'fooocus',
    {
      prompt: json.prompt ?? joined(json.full_prompt), negativePrompt: json.negative_prompt ?? joined(json.full_negative_prompt),
      seed: json.seed, steps: json.steps, cfg: json.guidance_scale, sampler: json.sampler, model: json.base_model, width: size?.[1], height: size?.[2]
    },
    raw,
    { Version: json.version, Performance: json.performance, Scheduler: json.scheduler, Styles: json.styles }
  )
}
