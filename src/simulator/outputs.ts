// The one module that talks to the media generators: what a job will render (fixed at
// submission from its parameters) and the rendering itself. Renders are deterministic
// in (prompt, seed), so a restarted job produces the same files.
import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { durationSeconds, megapixelsOf, outputCount, type LegacyRequest, type ModelInfo } from '../shared/api'
import { sniffMediaType } from '../shared/media/sniff'
import { imageSizeFor, renderAudio, renderGrid, renderImage, renderVideo } from './media'
import type { OutputRole, RenderSpec } from './state/types'

/** Video frames stay small so demo clips render in about a second. */
const VIDEO_MAX_SIDE = 320
/** Renders running at once; the rest wait, like jobs waiting for a worker. */
const MAX_PARALLEL_RENDERS = 2

export interface RenderedOutput {
  name: string
  role: OutputRole
  mime: string
  bytes: Buffer
}

/** A seed for requests without one: stable per job, so a re-render matches. */
export function seedFromId(id: string): number {
  return createHash('sha256').update(id).digest().readUInt32BE(0) & 0x7fffffff
}

function formatOf(params: Record<string, unknown>): RenderSpec['format'] {
  const f = params.output_format ?? params.format
  if (f === 'jpg' || f === 'jpeg') return 'jpeg'
  if (f === 'webp') return 'webp'
  return 'png'
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

export function renderSpecFor(model: ModelInfo, params: Record<string, unknown>, prompt: string | undefined, jobId: string): RenderSpec {
  const seed = typeof params.seed === 'number' && Number.isInteger(params.seed) ? params.seed : seedFromId(jobId)
  const text = prompt ?? str(params.prompt) ?? `${model.description} (${model.id})`
  const base = { prompt: text, seed, label: model.id, instrumental: params.instrumental === true, grid: false }
  if (model.modality === 'video') {
    const size = imageSizeFor({ aspect_ratio: params.aspect_ratio ?? '16:9', resolution: params.resolution ?? '720p' }, { maxSide: VIDEO_MAX_SIDE })
    return { ...base, kind: 'video', count: 1, format: 'png', width: size.width, height: size.height, durationSeconds: durationSeconds(model, params) }
  }
  if (model.modality === 'music') {
    return { ...base, kind: 'audio', count: 1, format: 'png', width: 0, height: 0, durationSeconds: durationSeconds(model, params) }
  }
  const size = imageSizeFor(params)
  // A grid model returns four variations and their 2x2 grid.
  const count = model.grid ? 4 : outputCount(model, params)
  return { ...base, kind: 'image', grid: model.grid === true, count, format: formatOf(params), width: size.width, height: size.height, durationSeconds: 0 }
}

export function legacyRenderSpec(req: LegacyRequest, taskId: string): RenderSpec {
  const ratio = req.aspect_ratio === 'adaptive' ? '16:9' : req.aspect_ratio
  const size = imageSizeFor({ aspect_ratio: ratio, resolution: req.resolution }, { maxSide: VIDEO_MAX_SIDE })
  return {
    kind: 'video', prompt: req.prompt ?? `Video (${req.model})`, seed: seedFromId(taskId), count: 1, grid: false, format: 'png',
    width: size.width, height: size.height, durationSeconds: req.duration, instrumental: false, label: req.model
  }
}

function named(role: OutputRole, index: number, bytes: Buffer, fallback: { mime: string; ext: string }): RenderedOutput {
  const sniffed = sniffMediaType(bytes) ?? fallback
  const name = role === 'grid' ? `grid.${sniffed.ext}` : `${role}-${index + 1}.${sniffed.ext}`
  return { name, role, mime: sniffed.mime, bytes }
}

async function renderNow(spec: RenderSpec): Promise<RenderedOutput[]> {
  switch (spec.kind) {
    case 'image': {
      const images: Buffer[] = []
      for (let i = 0; i < spec.count; i++) {
        const label = spec.count > 1 ? `${spec.label} ${i + 1}/${spec.count}` : spec.label
        images.push(await renderImage({ prompt: spec.prompt, seed: spec.seed + i, width: spec.width, height: spec.height, format: spec.format, label }))
      }
      const out = images.map((b, i) => named('image', i, b, { mime: `image/${spec.format}`, ext: spec.format }))
      if (spec.grid) out.push(named('grid', 0, await renderGrid(images, 2), { mime: 'image/png', ext: 'png' }))
      return out
    }
    case 'video': {
      const bytes = await renderVideo({ prompt: spec.prompt, seed: spec.seed, width: spec.width, height: spec.height, durationSeconds: spec.durationSeconds, maxSide: VIDEO_MAX_SIDE, label: spec.label })
      return [named('video', 0, bytes, { mime: 'video/webm', ext: 'webm' })]
    }
    case 'audio': {
      const bytes = await Promise.resolve(renderAudio({ prompt: spec.prompt, seed: spec.seed, durationSeconds: spec.durationSeconds, instrumental: spec.instrumental }))
      return [named('track', 0, bytes, { mime: 'audio/wav', ext: 'wav' })]
    }
  }
}

let running = 0
const waiting: Array<() => void> = []

/** Renders a job's outputs, at most MAX_PARALLEL_RENDERS at a time. */
export async function renderOutputs(spec: RenderSpec): Promise<RenderedOutput[]> {
  // A finishing render hands its slot straight to the next waiter.
  if (running >= MAX_PARALLEL_RENDERS) await new Promise<void>((resolve) => waiting.push(resolve))
  else running += 1
  try {
    return await renderNow(spec)
  } finally {
    const next = waiting.shift()
    if (next) next()
    else running -= 1
  }
}

/** Megapixels of an image file, or null when it cannot be read as an image. */
export async function imageMegapixels(path: string): Promise<number | null> {
  try {
    const meta = await sharp(path).metadata()
    return meta.width && meta.height ? megapixelsOf(meta.width, meta.height) : null
  } catch {
    return null
  }
}

