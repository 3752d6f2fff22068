// Each tool's settings, from a picture written the way that tool writes it (chunk names,
// JSON shapes, encodings), come out as one shape: prompt, seed, model and steps above all.
import { describe, expect, it } from 'vitest'
import { readToolSettings } from '../../../src/main/core/import/read-tool-settings'
import { defaultGraph, defaultWorkflow, fluxGraph, sdxlGraph } from './comfy-fixtures'
import {
  ascii, jpegWith, piexifUserComment, plainJpeg, plainWebp, pngWithText, pythonJson, tiff, undefinedTag, unicodeCommentLE, webpWith, xmpWithDescription
} from '../support/tool-images'

const A1111_TEXT = 'a castle on a hill, golden hour\nNegative prompt: blurry, lowres\nSteps: 30, Sampler: DPM++ 2M, Schedule type: Karras, CFG scale: 7, Seed: 3141592653, Size: 832x1216, Model hash: 31e35c80fc, Model: sd_xl_base_1.0, Version: v1.10.1'

describe('A1111, Forge and SD.Next', () => {
  it('reads the `parameters` text chunk of a PNG', async () => {
    const s = readToolSettings(await pngWithText({ parameters: A1111_TEXT })).settings
    expect(s).toMatchObject({ tool: 'a1111', prompt: 'a castle on a hill, golden hour', negativePrompt: 'blurry, lowres', seed: 3141592653, steps: 30, cfg: 7, sampler: 'DPM++ 2M', model: 'sd_xl_base_1.0', width: 832, height: 1216 })
    expect(s.raw).toEqual({ parameters: A1111_TEXT })
    expect(s.details).toMatchObject({ Version: 'v1.10.1', 'Schedule type': 'Karras' })
  })

  it('reads a prompt Pillow had to write as iTXt (not Latin-1), and tells Forge and SD.Next apart', async () => {
    const forge = 'ein Schloß im Nebel, 城\nSteps: 25, Sampler: Euler a, CFG scale: 3.5, Seed: 42, Size: 1024x1024, Model: flux1-dev-bnb-nf4, Version: f2.0.1v1.10.1-previous-313-g0f1a2d8'
    const s = readToolSettings(await pngWithText({ parameters: forge })).settings
    expect(s).toMatchObject({ tool: 'forge', prompt: 'ein Schloß im Nebel, 城', seed: 42, steps: 25, model: 'flux1-dev-bnb-nf4' })
    const next = 'a cat\nSteps: 20, Seed: 7, Size: 512x512, Model: dreamshaper_8, App: SD.Next, Version: 2a8a2b1'
    expect(readToolSettings(await pngWithText({ parameters: next })).settings).toMatchObject({ tool: 'sdnext', prompt: 'a cat', seed: 7, steps: 20, model: 'dreamshaper_8' })
  })

  it('reads EXIF UserComment of a JPEG as piexif writes it (UTF-16 big-endian)', async () => {
    const jpeg = jpegWith(await plainJpeg(), { exif: piexifUserComment(A1111_TEXT) })
    const s = readToolSettings(jpeg).settings
    expect(s).toMatchObject({ tool: 'a1111', prompt: 'a castle on a hill, golden hour', seed: 3141592653, steps: 30, model: 'sd_xl_base_1.0' })
    expect(s.raw).toEqual({ 'EXIF UserComment': A1111_TEXT })
  })

  it('reads EXIF UserComment of a WebP, and one exiftool wrote little-endian', async () => {
    const webp = webpWith(await plainWebp(), [{ fourcc: 'EXIF', data: piexifUserComment(A1111_TEXT) }])
    expect(readToolSettings(webp).settings).toMatchObject({ tool: 'a1111', seed: 3141592653, steps: 30, model: 'sd_xl_base_1.0' })
    const le = tiff('II', [], [undefinedTag(0x9286, unicodeCommentLE(A1111_TEXT))])
    expect(readToolSettings(jpegWith(await plainJpeg(), { exif: le })).settings).toMatchObject({ prompt: 'a castle on a hill, golden hour', seed: 3141592653 })
  })
})

describe('ComfyUI', () => {
  it('follows the default graph from the sampler to its texts, seed, steps and checkpoint, and keeps the workflow', async () => {
    const prompt = pythonJson(defaultGraph())
    const workflow = pythonJson(defaultWorkflow())
    const s = readToolSettings(await pngWithText({ prompt, workflow })).settings
    expect(s).toMatchObject({
      tool: 'comfyui', prompt: 'beautiful scenery nature glass bottle landscape, , purple galaxy bottle,', negativePrompt: 'text, watermark',
      seed: 156680208700286, steps: 20, cfg: 8, sampler: 'euler', model: 'v1-5-pruned-emaonly.safetensors', width: 512, height: 512
    })
    expect(s.raw).toEqual({ prompt, workflow })
  })

  it('goes through a seed node, a LoRA and a ControlNet, and takes the first pass of a hires fix', async () => {
    const s = readToolSettings(await pngWithText({ prompt: pythonJson(sdxlGraph()) })).settings
    expect(s).toMatchObject({
      prompt: 'a red fox in fresh snow, golden light', negativePrompt: 'cartoon, blurry', seed: 987654321, steps: 35, cfg: 6.5,
      sampler: 'dpmpp_2m_sde', model: 'sdxl/juggernautXL_v9.safetensors', width: 896, height: 1152
    })
  })

  it('reads Flux on SamplerCustomAdvanced from its noise, guider, sampler and scheduler nodes', async () => {
    const s = readToolSettings(await pngWithText({ prompt: pythonJson(fluxGraph()) })).settings
    expect(s).toMatchObject({ prompt: 'a lighthouse on a cliff at dusk, film photo', negativePrompt: null, seed: 219670278747233, steps: 28, sampler: 'euler', model: 'flux1-dev.safetensors', width: 1024, height: 768 })
  })
})

describe('InvokeAI, NovelAI, Fooocus, SwarmUI', () => {
  it('reads InvokeAI 5 `invokeai_metadata` (model as an object with a name) and 3.x (model_name)', async () => {
    const meta = { generation_mode: 'sdxl_txt2img', positive_prompt: 'a robot reading a book', negative_prompt: 'lowres', width: 1024, height: 1024, seed: 591741300, rand_device: 'cpu', cfg_scale: 7.5, cfg_rescale_multiplier: 0, steps: 30, scheduler: 'dpmpp_3m_k', model: { key: '4f2a', hash: 'blake3:1f3c', name: 'Juggernaut XL v9', base: 'sdxl', type: 'main' }, app_version: '5.4.2' }
    const graph = { id: 'sdxl_graph:7LKd5LqgBD', nodes: { 'noise:1': { seed: 591741300, type: 'noise' } }, edges: [] }
    const s = readToolSettings(await pngWithText({ invokeai_metadata: JSON.stringify(meta), invokeai_graph: JSON.stringify(graph) })).settings
    expect(s).toMatchObject({ tool: 'invokeai', prompt: 'a robot reading a book', negativePrompt: 'lowres', seed: 591741300, steps: 30, cfg: 7.5, sampler: 'dpmpp_3m_k', model: 'Juggernaut XL v9', width: 1024, height: 1024 })
    expect(Object.keys(s.raw)).toEqual(['invokeai_metadata', 'invokeai_graph'])
    const v3 = pythonJson({ app_version: '3.3.0post3', generation_mode: 'txt2img', positive_prompt: 'landscape', negative_prompt: 'low quality', width: 768, height: 432, seed: 356120443, cfg_scale: 7.5, steps: 50, scheduler: 'dpmpp_2m_sde_k', model: { model_name: 'amixx_3Prunedfp16', base_model: 'sd-1', model_type: 'main' } })
    expect(readToolSettings(await pngWithText({ invokeai_metadata: v3 })).settings).toMatchObject({ prompt: 'landscape', seed: 356120443, steps: 50, model: 'amixx_3Prunedfp16' })
  })

  it('reads NovelAI `Comment` with `Software` and `Source` (the model, less its hash)', async () => {
    const comment = { prompt: '1girl, sunflower field, summer', steps: 28, height: 1216, width: 832, scale: 5, uncond_scale: 1, cfg_rescale: 0, seed: 2855147291, n_samples: 1, noise_schedule: 'karras', sampler: 'k_euler_ancestral', uc: 'lowres, bad anatomy', request_type: 'PromptGenerateRequest', v4_prompt: { caption: { base_caption: '1girl, sunflower field, summer', char_captions: [] }, use_coords: false } }
    const png = await pngWithText({ Title: 'NovelAI generated image', Description: '1girl, sunflower field, summer', Software: 'NovelAI', Source: 'NovelAI Diffusion V4.5 4BDE2A90', 'Generation time': '3.52', Comment: JSON.stringify(comment) })
    const s = readToolSettings(png).settings
    expect(s).toMatchObject({ tool: 'novelai', prompt: '1girl, sunflower field, summer', negativePrompt: 'lowres, bad anatomy', seed: 2855147291, steps: 28, cfg: 5, sampler: 'k_euler_ancestral', model: 'NovelAI Diffusion V4.5', width: 832, height: 1216 })
  })

  it('reads Fooocus `parameters` as JSON with `fooocus_scheme`, and its JPEG (Pillow EXIF: UserComment, Software, MakerNote)', async () => {
    const log = { adm_guidance: '(1.5, 0.8, 0.3)', base_model: 'juggernautXL_v8Rundiffusion', base_model_hash: 'aeb7e9e689', full_negative_prompt: ['unrealistic, saturated'], full_prompt: ['a cozy cabin in the woods, warm light', 'cinematic'], guidance_scale: 4, loras: [['sd_xl_offset_example-lora_1.0', 0.1, '4852686128']], metadata_scheme: 'fooocus', negative_prompt: 'unrealistic', performance: 'Speed', prompt: 'a cozy cabin in the woods', prompt_expansion: 'a cozy cabin in the woods, warm light', refiner_model: 'None', resolution: '(1152, 896)', sampler: 'dpmpp_2m_sde_gpu', scheduler: 'karras', seed: '6208446541328853958', sharpness: 2, steps: 30, styles: "['Fooocus V2', 'Fooocus Enhance']", vae: 'Default (model)', version: 'Fooocus v2.5.5' }
    const json = pythonJson(log)
    const s = readToolSettings(await pngWithText({ parameters: json, fooocus_scheme: 'fooocus' })).settings
    // Fooocus's seeds run past 2^53: kept in the raw text, left out of the number.
    expect(s).toMatchObject({ tool: 'fooocus', prompt: 'a cozy cabin in the woods', negativePrompt: 'unrealistic', seed: null, steps: 30, cfg: 4, model: 'juggernautXL_v8Rundiffusion', width: 1152, height: 896 })
    expect(s.raw).toEqual({ parameters: json, fooocus_scheme: 'fooocus' })
    const exif = tiff('II', [undefinedTag(0x9286, Buffer.from(pythonJson({ ...log, seed: '1234' }), 'latin1')), ascii(0x0131, 'Fooocus v2.5.5'), undefinedTag(0x927c, Buffer.from('fooocus'))])
    expect(readToolSettings(jpegWith(await plainJpeg(), { exif })).settings).toMatchObject({ tool: 'fooocus', prompt: 'a cozy cabin in the woods', seed: 1234, steps: 30, model: 'juggernautXL_v8Rundiffusion' })
  })

  it('reads SwarmUI `sui_image_params` from `parameters` (PNG) and EXIF UserComment (JPEG)', async () => {
    const params = { sui_image_params: { prompt: 'a headshot photograph of an astronaut', negativeprompt: 'blurry', model: 'Flux/flux1-dev-fp8', seed: 2042464333, steps: 25, cfgscale: 1, aspectratio: 'Custom', width: 512, height: 768, sampler: 'euler', scheduler: 'normal', swarm_version: '0.9.1.1', date: '2024-08-07' }, sui_extra_data: { date: '2024-08-07', prep_time: '0.01 sec', generation_time: '35.81 sec' } }
    const text = JSON.stringify(params, null, 2)
    const expected = { tool: 'swarmui', prompt: 'a headshot photograph of an astronaut', negativePrompt: 'blurry', seed: 2042464333, steps: 25, cfg: 1, model: 'Flux/flux1-dev-fp8', width: 512, height: 768 }
    expect(readToolSettings(await pngWithText({ parameters: text })).settings).toMatchObject(expected)
    expect(readToolSettings(jpegWith(await plainJpeg(), { exif: piexifUserComment(text) })).settings).toMatchObject(expected)
  })
})

describe('Midjourney, and pictures with no settings', () => {
  const description = 'a paper boat on a stormy sea, ink wash --ar 16:9 --stylize 250 --seed 1234 --no people, text --v 6.1 Job ID: a7421d2f-b262-44f9-977c-ac23e9c7d3e3'

  it('reads the prompt, flags and job id of a PNG `Description`, and of XMP in a JPEG and a WebP', async () => {
    const expected = { tool: 'midjourney', prompt: 'a paper boat on a stormy sea, ink wash', negativePrompt: 'people, text', seed: 1234, model: 'Midjourney v6.1', steps: null }
    const png = readToolSettings(await pngWithText({ Author: 'peterkaminski', Description: description, 'Creation Time': '2024-05-01T10:00:00Z' })).settings
    expect(png).toMatchObject(expected)
    expect(png.details).toMatchObject({ 'Job ID': 'a7421d2f-b262-44f9-977c-ac23e9c7d3e3', Flags: '--ar 16:9 --stylize 250 --seed 1234 --no people, text --v 6.1', Author: 'peterkaminski' })
    expect(readToolSettings(jpegWith(await plainJpeg(), { xmp: xmpWithDescription(description) })).settings).toMatchObject(expected)
    expect(readToolSettings(webpWith(await plainWebp(), [{ fourcc: 'XMP ', data: Buffer.from(xmpWithDescription(description)) }])).settings).toMatchObject(expected)
  })

  it('imports anything else with no settings, keeping its texts', async () => {
    const photo = tiff('MM', [ascii(0x010e, 'OLYMPUS DIGITAL CAMERA'), ascii(0x010f, 'OLYMPUS')])
    const s = readToolSettings(jpegWith(await plainJpeg(), { exif: photo })).settings
    expect(s).toMatchObject({ tool: 'none', prompt: null, seed: null, model: null })
    expect(s.raw).toEqual({ 'EXIF ImageDescription': 'OLYMPUS DIGITAL CAMERA' })
    expect(readToolSettings(await pngWithText({ Software: 'Adobe ImageReady' })).settings).toMatchObject({ tool: 'none', raw: { Software: 'Adobe ImageReady' } })
  })
})
