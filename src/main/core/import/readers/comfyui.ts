// ComfyUI's PNGs carry two JSON texts: `prompt`, the API graph that ran (read here, from
// its sampler), and `workflow`, the editor's graph (kept as it is, so the picture can be
// dropped on ComfyUI again). A custom save node may add A1111 `parameters` too: what the
// graph does not say is taken from there.
import type { ImageTexts } from '../../media/image-texts'
import { jsonObject, toolSettings, type ToolSettings } from '../tool-settings'
import { a1111Settings, parametersText } from './a1111'
import { comfyGraph, conditioningText, fedBySampler, isLink, latentSize, modelName, resolvedValue, type ComfyGraph, type ComfyNode } from './comfy-graph'

const SEED_KEYS = ['seed', 'noise_seed', 'value', 'int', 'number', 'Number']
const STEP_KEYS = ['steps', 'value', 'int']
const CFG_KEYS = ['cfg', 'value', 'float', 'number']
const NAME_KEYS = ['sampler_name', 'value', 'string']

/** A sampler: KSampler, KSamplerAdvanced, SamplerCustom, SamplerCustomAdvanced and the many nodes built on them. */
function isSampler(node: ComfyNode): boolean {
  return /sampler/i.test(node.type) && (isLink(node.inputs.positive) || isLink(node.inputs.guider))
}

/** The first pass's sampler: one that starts from a latent no other sampler made (not a hires fix's second pass). */
function mainSampler(graph: ComfyGraph): ComfyNode | null {
  const samplers = [...graph.entries()].filter(([, n]) => isSampler(n)).sort(([a], [b]) => Number(a) - Number(b) || a.localeCompare(b))
  const first = samplers.find(([, n]) => !fedBySampler(graph, n.inputs.latent_image ?? n.inputs.latent, isSampler))
  return (first ?? samplers[0])?.[1] ?? null
}

/** A node an input links to (SamplerCustomAdvanced keeps its settings in its guider, noise, sigmas and sampler nodes). */
function linked(graph: ComfyGraph, value: unknown): Record<string, unknown> {
  return Array.isArray(value) && value.length === 2 ? (graph.get(String(value[0]))?.inputs ?? {}) : {}
}

function graphSettings(graph: ComfyGraph, sampler: ComfyNode): Record<string, unknown> {
  const i = sampler.inputs
  const guider = linked(graph, i.guider)
  const sigmas = linked(graph, i.sigmas)
  const positive = i.positive ?? guider.positive ?? guider.conditioning
  const negative = i.negative ?? guider.negative
  const size = latentSize(graph, i.latent_image ?? i.latent)
  return {
    prompt: conditioningText(graph, positive),
    negativePrompt: negative === undefined ? null : conditioningText(graph, negative),
    seed: resolvedValue(graph, i.seed ?? i.noise_seed ?? linked(graph, i.noise).noise_seed, SEED_KEYS),
    steps: resolvedValue(graph, i.steps ?? sigmas.steps, STEP_KEYS),
    cfg: resolvedValue(graph, i.cfg ?? guider.cfg, CFG_KEYS),
    sampler: resolvedValue(graph, i.sampler_name ?? linked(graph, i.sampler).sampler_name, NAME_KEYS),
    scheduler: resolvedValue(graph, i.scheduler ?? sigmas.scheduler, NAME_KEYS),
    model: modelName(graph, i.model ?? guider.model ?? sigmas.model),
    width: size?.width,
    height: size?.height
  }
}

export function readComfyUi(t: ImageTexts): ToolSettings | null {
  const promptText = t.png.get('prompt')
  const workflow = t.png.get('workflow')
  const json = jsonObject(promptText)
  const graph = json ? comfyGraph(json) : null
  if (!graph && workflow === undefined) return null
  const raw: Record<string, string> = {}
  if (promptText !== undefined) raw.prompt = promptText
  if (workflow !== undefined) raw.workflow = workflow
  const sampler = graph ? mainSampler(graph) : null
  const found = graph && sampler ? graphSettings(graph, sampler) : {}
  const fromGraph = toolSettings('comfyui', found, raw, { Scheduler: found.scheduler })
  const params = parametersText(t)
  const a1111 = params ? a1111Settings(params.text, params.where) : null
  if (!a1111) return fromGraph
  // What the graph left unsaid, the A1111 text of a custom save node says.
  const filled = { ...fromGraph, raw: { ...raw, ...a1111.raw } }
  for (const key of ['prompt', 'negativePrompt', 'seed', 'steps', 'cfg', 'sampler', 'model', 'width', 'height'] as const) {
    if (filled[key] === null) Object.assign(filled, { [key]: a1111[key] })
  }
  return filled
}
