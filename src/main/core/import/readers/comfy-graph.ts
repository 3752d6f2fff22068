// ComfyUI's API graph (the `prompt` text of its PNGs): node id → {class_type, inputs},
// where an input is a value or a link `[node id, output index]` to another node. The
// settings are found by following the sampler's links: its positive and negative inputs
// through conditioning nodes (ControlNet, combine, Flux guidance…) to the text nodes, its
// seed, steps and sampler through primitive nodes, its model through LoRA loaders to the
// checkpoint. A graph may be damaged or made to hurt: every walk keeps the nodes it has
// seen (so a cycle ends it), stops at a fixed depth, and the graph's size is capped.
import { isRecord } from '../tool-settings'

export interface ComfyNode {
  type: string
  inputs: Record<string, unknown>
}

export type ComfyGraph = Map<string, ComfyNode>
type Link = [string, number]

const MAX_NODES = 20_000
const MAX_DEPTH = 64

/** The graph, or null when the text is not one (or is larger than any real workflow). */
export function comfyGraph(json: Record<string, unknown>): ComfyGraph | null {
  const graph: ComfyGraph = new Map()
  for (const [id, node] of Object.entries(json)) {
    if (graph.size >= MAX_NODES) return null
    if (!isRecord(node) || typeof node.class_type !== 'string' || !isRecord(node.inputs)) continue
    graph.set(id, { type: node.class_type, inputs: node.inputs })
  }
  return graph.size > 0 ? graph : null
}

function asLink(value: unknown): Link | null {
  if (!Array.isArray(value) || value.length !== 2) return null
  const [id, output] = value as unknown[]
  if ((typeof id !== 'string' && typeof id !== 'number') || typeof output !== 'number') return null
  return [String(id), output]
}

/** Follows links from `start`, visiting each node once, depth first, until `visit` gives an answer. */
function walk<T>(graph: ComfyGraph, start: unknown, visit: (node: ComfyNode, link: Link, next: (value: unknown) => T | null) => T | null): T | null {
  const seen = new Set<string>()
  const step = (value: unknown, depth: number): T | null => {
    const link = asLink(value)
    if (!link || depth > MAX_DEPTH || seen.has(link[0])) return null
    seen.add(link[0])
    const node = graph.get(link[0])
    return node ? visit(node, link, (v) => step(v, depth + 1)) : null
  }
  return step(start, 0)
}

const TEXT_INPUTS = ['text', 'text_g', 'text_l', 't5xxl', 'clip_l', 'populated_text', 'wildcard_text', 'prompt', 'string', 'text_positive', 'value']
/** Inputs that carry conditioning onwards, in the order they are tried. */
const CONDITIONING = /^(conditioning(_\d+|_to|_from)?|cond|base_conditioning|clip_text|positive|negative)$/
/** Inputs that never lead to a prompt's text. */
const NOT_TEXT = /^(clip|model|vae|pixels|image|images|mask|latent|latent_image|samples|control_net|noise|sigmas|sampler|upscale_model|ipadapter|clip_vision|style_model)$/

/** The prompt text the conditioning at `start` was encoded from, or null. */
export function conditioningText(graph: ComfyGraph, start: unknown): string | null {
  return walk<string>(graph, start, (node, link, next) => {
    for (const key of TEXT_INPUTS) {
      const v = node.inputs[key]
      if (typeof v === 'string' && v.trim() !== '') return v
      const linked = asLink(v) ? next(v) : null
      if (linked !== null) return linked
    }
    // ControlNet and inpaint nodes pass both on: output 0 is the positive, 1 the negative.
    if (asLink(node.inputs.positive) && asLink(node.inputs.negative)) return next(link[1] === 1 ? node.inputs.negative : node.inputs.positive)
    const keys = Object.keys(node.inputs)
    for (const key of [...keys.filter((k) => CONDITIONING.test(k)), ...keys.filter((k) => !CONDITIONING.test(k) && !NOT_TEXT.test(k))]) {
      const found = next(node.inputs[key])
      if (found !== null) return found
    }
    return null
  })
}

/** A value, or the value a primitive node (seed, int, number…) linked there holds. */
export function resolvedValue(graph: ComfyGraph, value: unknown, keys: readonly string[]): unknown {
  if (!asLink(value)) return value
  return walk<unknown>(graph, value, (node, _link, next) => {
    for (const key of keys) {
      const v = node.inputs[key]
      if (v === undefined) continue
      if (!asLink(v)) return v
      const found = next(v)
      if (found !== null) return found
    }
    return null
  })
}

const MODEL_NAMES = ['ckpt_name', 'unet_name', 'model_name', 'gguf_name']

/** The checkpoint (or diffusion model) at the end of a model link: through LoRA loaders, patches, samplings. */
export function modelName(graph: ComfyGraph, start: unknown): string | null {
  const found = walk<string>(graph, start, (node, _link, next) => {
    for (const key of MODEL_NAMES) if (typeof node.inputs[key] === 'string') return node.inputs[key] as string
    return next(node.inputs.model)
  })
  if (found !== null) return found
  // No link to follow (or it led nowhere): the graph's first loader, by its id.
  for (const key of MODEL_NAMES) {
    for (const node of graph.values()) if (typeof node.inputs[key] === 'string') return node.inputs[key] as string
  }
  return null
}

/** The width and height of the empty latent a sampler started from, following upscales and batches back. */
export function latentSize(graph: ComfyGraph, start: unknown): { width: unknown; height: unknown } | null {
  return walk(graph, start, (node, _link, next) => {
    if (node.inputs.width !== undefined && node.inputs.height !== undefined) return { width: node.inputs.width, height: node.inputs.height }
    return next(node.inputs.samples) ?? next(node.inputs.latent) ?? next(node.inputs.latent_image)
  })
}

export function isLink(value: unknown): boolean {
  return asLink(value) !== null
}

/** Whether following `start` back through latents reaches another sampler (a second pass, as in hires fix). */
export function fedBySampler(graph: ComfyGraph, start: unknown, isSampler: (node: ComfyNode) => boolean): boolean {
  return (
    walk<true>(graph, start, (node, _link, next) => {
      if (isSampler(node)) return true
      return next(node.inputs.samples) ?? next(node.inputs.latent) ?? next(node.inputs.latent_image) ?? next(node.inputs.pixels) ?? next(node.inputs.image)
    }) === true
  )
}
