// The `parameters` text written into saved images is read back by A1111's own rule (its
// `parse_generation_parameters`), for every image model: the settings line is taken as
// settings, not glued onto the prompt, and names the steps, seed, size asked for, model
// and the app. Inputs are named by file, never by an upload URL that expires.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { MODELS, parseGenerationRequest, type ModelInfo } from '../../../src/shared/api'
import { MODEL_DEFAULT, WRITTEN_BY } from '../../../src/shared/app/a1111'
import type { LibraryEntry, LibraryInput } from '../../../src/shared/app/views'
import { settingsOf } from '../../../src/main/core/library/settings-carrier'
import { fieldNamesOf } from '../../../src/main/core/library/input-names'
import { minimalRequest } from '../support/minimal-requests'

// A1111 (modules/infotext_utils.py): the last line is the settings only when this regex
// finds at least 3 pairs in it; otherwise it is one more line of the prompt.
const RE_PARAM = /\s*(\w[\w \-/]+):\s*("(?:\\.|[^\\"])+"|[^,]*)(?:,|$)/g
const RE_IMAGESIZE = /^(\d+)x(\d+)$/

function parseGenerationParameters(x: string): Record<string, string> {
  const lines = x.trim().split('\n')
  let lastline = lines.pop() ?? ''
  if ([...lastline.matchAll(RE_PARAM)].length < 3) {
    lines.push(lastline)
    lastline = ''
  }
  let prompt = ''
  let negative = ''
  let doneWithPrompt = false
  for (let line of lines) {
    line = line.trim()
    if (line.startsWith('Negative prompt:')) {
      doneWithPrompt = true
      line = line.slice(16).trim()
    }
    if (doneWithPrompt) negative += (negative === '' ? '' : '\n') + line
    else prompt += (prompt === '' ? '' : '\n') + line
  }
  const res: Record<string, string> = { Prompt: prompt, 'Negative prompt': negative }
  for (const [, k, raw] of lastline.matchAll(RE_PARAM)) {
    const v = raw!.startsWith('"') && raw!.endsWith('"') ? (JSON.parse(raw!) as string) : raw!
    const size = RE_IMAGESIZE.exec(v)
    if (size) {
      res[`${k}-1`] = size[1]!
      res[`${k}-2`] = size[2]!
    } else res[k!] = v
  }
  return res
}

function entryFor(body: Record<string, unknown>, inputs: LibraryInput[] = []): LibraryEntry {
  const { model, prompt, ...params } = body as { model: string; prompt?: string }
  return {
    id: 'job-1', jobId: 'job-1', model, modality: 'image', prompt: prompt ?? null, params, creditCost: 8,
    createdAt: '2026-01-01T00:00:00.000Z', completedAt: null, savedAt: null, origin: 'app', files: [], inputs, favorite: false, boards: []
  }
}

/** The request as the app sends it: with a seed wherever the model takes one. */
function sentRequest(model: ModelInfo): Record<string, unknown> {
  const body = minimalRequest(model.id, 'a lighthouse at dusk, oil painting')
  if (!fieldNamesOf(model.id).includes('seed')) return body
  const block = (body[model.blockName] ?? {}) as Record<string, unknown>
  return { ...body, [model.blockName]: { ...block, seed: 4242 } }
}

const imageModels = [...MODELS.values()].filter((m) => m.modality === 'image')

describe('the parameters text of a saved image, read by A1111', () => {
  it.each(imageModels.map((m) => [m.id, m] as const))('%s: the last line is the settings, with the model, the app and the seed sent', (_id, model) => {
    const body = sentRequest(model)
    expect(parseGenerationRequest(body).ok).toBe(true)
    const read = parseGenerationParameters(settingsOf(entryFor(body)).parameters)
    expect(read.Prompt).toBe(typeof body.prompt === 'string' ? body.prompt : '')
    expect(read.Model).toBe(model.id)
    expect(read.Version).toBe(WRITTEN_BY)
    expect(read.Job).toBe('job-1')
    const fields = fieldNamesOf(model.id)
    if (fields.includes('seed')) expect(read.Seed).toBe('4242')
    if (fields.includes('steps') || fields.includes('num_inference_steps')) expect(read.Steps).toBe(MODEL_DEFAULT)
    if (fields.some((f) => ['guidance', 'guidance_scale', 'cfg_scale'].includes(f))) expect(read['CFG scale']).toBe(MODEL_DEFAULT)
  })

  it('gives the steps, guidance and size that were asked for, and a negative prompt of its own', () => {
    const body = { model: 'i11-1', prompt: 'a fox, "red"\nsecond line', i11Params: { seed: 7, num_inference_steps: 30, guidance_scale: 4.5, negative_prompt: 'blurry, text', image_size: 'square_hd' } }
    const read = parseGenerationParameters(settingsOf(entryFor(body)).parameters)
    expect(read).toMatchObject({ Prompt: body.prompt, 'Negative prompt': 'blurry, text', Steps: '30', 'CFG scale': '4.5', Seed: '7', 'Image size': 'square_hd' })
    const sized = parseGenerationParameters(settingsOf(entryFor({ model: 'i3-4', prompt: 'a kite', i3Params: { seed: 1, steps: 12, width: 512, height: 768 } })).parameters)
    expect(sized).toMatchObject({ 'Size-1': '512', 'Size-2': '768', Steps: '12' })
  })

  it("keeps the service's model version apart from the app's Version", () => {
    const read = parseGenerationParameters(settingsOf(entryFor({ model: 'i16-1', prompt: 'a kite', i16Params: { seed: 3, version: '6.1' } })).parameters)
    expect(read).toMatchObject({ 'Model version': '6.1', Version: WRITTEN_BY })
  })

  it('names the app by the version in package.json', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }
    expect(WRITTEN_BY).toBe(`MediaGen Studio ${pkg.version}`)
  })
})

describe('inputs in the settings of a saved image', () => {
  const upload = (name: string) => `https://api.example.com/cdn/inputs/${name}?expires=1767229200&sig=abc`
  const fromLibrary: LibraryInput = { field: 'i2Params.image_input.0', fileName: '0.png', path: 'inputs/a.png', sha256: 'a'.repeat(64), bytes: 10, mime: 'image/png', sourceJobId: 'job-source', sourceIndex: 2 }
  const fromDisk: LibraryInput = { field: 'i2Params.image_input.1', fileName: 'holiday.jpg', path: 'inputs/b.jpg', sha256: 'b'.repeat(64), bytes: 10, mime: 'image/jpeg' }

  it('are named by the library output or the file they came from, never by the upload URL', () => {
    const body = { model: 'i2-1', prompt: 'these two together', i2Params: { image_input: [upload('u1.png'), upload('u2.jpg'), upload('u3.webp')] } }
    const settings = settingsOf(entryFor(body, [fromLibrary, fromDisk]))
    for (const text of [settings.parameters, settings.requestJson]) {
      expect(text).not.toMatch(/https?:|expires|sig=/)
      expect(text).toContain('0.png (library job-source output 3)')
      expect(text).toContain('holiday.jpg')
      // An upload the journal has no record of keeps its file name only.
      expect(text).toContain('u3.webp')
    }
    expect(JSON.parse(settings.requestJson)).toMatchObject({ model: 'i2-1', prompt: 'these two together', i2Params: { image_input: ['0.png (library job-source output 3)', 'holiday.jpg', 'u3.webp'] } })
  })

  it('of an upscale name its source rather than the upload', () => {
    const input: LibraryInput = { ...fromLibrary, field: 'u1Params.image', sourceIndex: 0 }
    const settings = settingsOf(entryFor({ model: 'u1-1', u1Params: { image: upload('big.png'), upscale_factor: 2, seed: 9 } }, [input]))
    expect(parseGenerationParameters(settings.parameters)).toMatchObject({ Image: '0.png (library job-source output 1)', 'Upscale factor': '2', Seed: '9' })
    expect(settings.requestJson).not.toContain('http')
  })
})
