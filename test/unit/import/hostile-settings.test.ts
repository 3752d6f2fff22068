// Damaged files are input: truncated chunks, zlib that does not inflate (or inflates to
// gigabytes), JSON too large to be settings, a ComfyUI graph that loops, values of the
// wrong type. None of it throws, hangs or puts a number that is not sane into the entry.
import { deflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { readToolSettings } from '../../../src/main/core/import/read-tool-settings'
import { readExifTexts } from '../../../src/main/core/media/exif-texts'
import { defaultGraph } from './comfy-fixtures'
import { jpegWith, piexifUserComment, plainJpeg, plainPng, pngChunk, pngWithText, pythonJson, textChunk, withPngChunks } from '../support/tool-images'

const A1111 = 'a quiet harbour\nSteps: 20, Seed: 11, Size: 512x512, Model: anything_v5'

describe('damaged PNG text', () => {
  it('reads zTXt and compressed iTXt, and leaves out a chunk whose zlib is damaged', async () => {
    expect(readToolSettings(await pngWithText([{ keyword: 'parameters', text: A1111, as: 'zTXt' }])).settings).toMatchObject({ tool: 'a1111', seed: 11 })
    expect(readToolSettings(await pngWithText([{ keyword: 'parameters', text: A1111, as: 'iTXt-z' }])).settings).toMatchObject({ tool: 'a1111', seed: 11 })
    const bad = pngChunk('zTXt', Buffer.concat([Buffer.from('parameters\0\0', 'latin1'), Buffer.from('not zlib at all')]))
    // The damaged chunk is passed over; a later good one of another tool is still read.
    const png = withPngChunks(await plainPng(), [bad, textChunk({ keyword: 'Description', text: 'x --ar 1:1 Job ID: a7421d2f-b262-44f9-977c-ac23e9c7d3e3' })])
    expect(readToolSettings(png).settings).toMatchObject({ tool: 'midjourney', prompt: 'x' })
  })

  it('does not inflate a compressed text past its cap (a zlib bomb)', async () => {
    const bomb = pngChunk('iTXt', Buffer.concat([Buffer.from('parameters\0\x01\0\0\0', 'latin1'), deflateSync(Buffer.alloc(40 * 1024 * 1024, 0x61))]))
    const read = readToolSettings(withPngChunks(await plainPng(), [bomb]))
    expect(read.settings.tool).toBe('none')
    expect(read.settings.raw).toEqual({})
  })

  it('stops at a chunk that runs past the end of the file (truncated)', async () => {
    const png = await pngWithText({ parameters: A1111 })
    const cut = png.subarray(0, png.indexOf('Seed'))
    expect(readToolSettings(cut).settings).toMatchObject({ tool: 'none', prompt: null })
  })

  it('never throws on any truncation or flipped byte of a real file', async () => {
    const files = [
      await pngWithText({ prompt: pythonJson(defaultGraph()), parameters: A1111 }),
      jpegWith(await plainJpeg(), { exif: piexifUserComment(A1111) })
    ]
    let state = 7
    const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    for (const file of files) {
      for (let i = 0; i < 200; i++) {
        const copy = Buffer.from(file.subarray(0, Math.floor(random() * file.length)))
        for (let j = 0; j < 4 && copy.length > 0; j++) copy[Math.floor(random() * copy.length)] = Math.floor(random() * 256)
        const s = readToolSettings(copy).settings
        for (const n of [s.seed, s.steps, s.cfg, s.width, s.height]) if (n !== null) expect(Number.isFinite(n)).toBe(true)
      }
    }
  })
})

describe('JSON that is not settings', () => {
  it('does not parse JSON larger than any settings (kept as text, not read)', async () => {
    const huge = JSON.stringify({ sui_image_params: { prompt: 'x'.repeat(9 * 1024 * 1024), seed: 5 } })
    const s = readToolSettings(await pngWithText({ parameters: huge })).settings
    expect(s.tool).toBe('none')
    expect(s.raw.parameters).toHaveLength(huge.length)
  })

  it('ends a walk of a ComfyUI graph whose conditioning loops, with what it could read', async () => {
    const graph = defaultGraph()
    graph['6'] = { class_type: 'ConditioningCombine', inputs: { conditioning_1: ['30', 0], conditioning_2: ['31', 0] } }
    graph['30'] = { class_type: 'ConditioningCombine', inputs: { conditioning_1: ['6', 0], conditioning_2: ['31', 0] } }
    graph['31'] = { class_type: 'ConditioningSetArea', inputs: { conditioning: ['30', 0] } }
    // The model link loops too.
    graph['4'] = { class_type: 'LoraLoader', inputs: { model: ['40', 0] } }
    graph['40'] = { class_type: 'LoraLoader', inputs: { model: ['4', 0] } }
    const s = readToolSettings(await pngWithText({ prompt: JSON.stringify(graph) })).settings
    expect(s).toMatchObject({ tool: 'comfyui', prompt: null, negativePrompt: 'text, watermark', seed: 156680208700286, steps: 20, model: null })
  })

  it('leaves out values of the wrong type or beyond sense, keeping the sane ones', async () => {
    const meta = { positive_prompt: { text: 'an object, not text' }, negative_prompt: 42, seed: 'abc', steps: 1e308, cfg_scale: -3, width: -5, height: 512.5, model: 42, scheduler: ['euler'] }
    const s = readToolSettings(await pngWithText({ invokeai_metadata: JSON.stringify(meta) })).settings
    expect(s).toMatchObject({ tool: 'invokeai', prompt: null, negativePrompt: null, seed: null, steps: null, cfg: null, width: null, height: null, model: null, sampler: null })
    // Python's json writes NaN for a float that is one: the graph still reads, the NaN does not.
    const graph = defaultGraph() as Record<string, { inputs: Record<string, unknown> }>
    graph['3']!.inputs.cfg = NaN
    graph['3']!.inputs.seed = -1
    const comfy = readToolSettings(await pngWithText({ prompt: pythonJson(graph) })).settings
    expect(comfy).toMatchObject({ prompt: 'beautiful scenery nature glass bottle landscape, , purple galaxy bottle,', cfg: null, seed: null, steps: 20 })
  })

  it('takes no prototype-naming key from a file as a setting', async () => {
    // A node named "__proto__", linked from the sampler: JSON.parse makes it an own key, and it stays one.
    const text = JSON.stringify(defaultGraph()).replace('"positive":["6",0]', '"positive":["__proto__",0]').replace(/^\{/, '{"__proto__":{"class_type":"CLIPTextEncode","inputs":{"text":"from the odd node"}},')
    const s = readToolSettings(await pngWithText({ prompt: text })).settings
    expect(s).toMatchObject({ tool: 'comfyui', prompt: 'from the odd node', negativePrompt: 'text, watermark' })
    expect(({} as Record<string, unknown>).class_type).toBeUndefined()
    expect(({} as Record<string, unknown>).inputs).toBeUndefined()
  })
})

describe('damaged EXIF', () => {
  it('reads nothing past the block: offsets beyond its end, entry counts beyond reason', () => {
    const block = Buffer.alloc(64)
    block.write('MM\0\x2a\0\0\0\x08', 0, 'latin1')
    block.writeUInt16BE(0xffff, 8) // 65535 entries claimed, room for four
    block.writeUInt16BE(0x9286, 10)
    block.writeUInt16BE(7, 12)
    block.writeUInt32BE(1_000_000, 14) // a comment of a million bytes…
    block.writeUInt32BE(40, 18) // …from inside a 64-byte block
    expect(readExifTexts(block)).toEqual({ userComment: null, imageDescription: null, software: null, make: null, makerNote: null })
    expect(readExifTexts(Buffer.from('II*'))).toBeNull()
    expect(readExifTexts(Buffer.from('not a tiff block at all'))).toBeNull()
  })
})
