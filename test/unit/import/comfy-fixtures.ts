// ComfyUI API graphs (the `prompt` text of its PNGs) as ComfyUI's own workflows produce
// them: the default text-to-image graph, an SDXL graph with a LoRA, a ControlNet, a seed
// node and a hires-fix second pass, and a Flux graph on SamplerCustomAdvanced.

/** The default workflow of ComfyUI, as run (node ids as the editor gives them). */
export function defaultGraph(): Record<string, unknown> {
  return {
    '3': { inputs: { seed: 156680208700286, steps: 20, cfg: 8, sampler_name: 'euler', scheduler: 'normal', denoise: 1, model: ['4', 0], positive: ['6', 0], negative: ['7', 0], latent_image: ['5', 0] }, class_type: 'KSampler', _meta: { title: 'KSampler' } },
    '4': { inputs: { ckpt_name: 'v1-5-pruned-emaonly.safetensors' }, class_type: 'CheckpointLoaderSimple', _meta: { title: 'Load Checkpoint' } },
    '5': { inputs: { width: 512, height: 512, batch_size: 1 }, class_type: 'EmptyLatentImage', _meta: { title: 'Empty Latent Image' } },
    '6': { inputs: { text: 'beautiful scenery nature glass bottle landscape, , purple galaxy bottle,', clip: ['4', 1] }, class_type: 'CLIPTextEncode', _meta: { title: 'CLIP Text Encode (Prompt)' } },
    '7': { inputs: { text: 'text, watermark', clip: ['4', 1] }, class_type: 'CLIPTextEncode', _meta: { title: 'CLIP Text Encode (Prompt)' } },
    '8': { inputs: { samples: ['3', 0], vae: ['4', 2] }, class_type: 'VAEDecode', _meta: { title: 'VAE Decode' } },
    '9': { inputs: { filename_prefix: 'ComfyUI', images: ['8', 0] }, class_type: 'SaveImage', _meta: { title: 'Save Image' } }
  }
}

/** The editor's graph saved beside it (`workflow`), shortened: it is kept, not read. */
export function defaultWorkflow(): Record<string, unknown> {
  return { last_node_id: 9, last_link_id: 9, nodes: [{ id: 3, type: 'KSampler', widgets_values: [156680208700286, 'randomize', 20, 8, 'euler', 'normal', 1] }], links: [], groups: [], config: {}, extra: {}, version: 0.4 }
}

/** SDXL: a seed node, a LoRA between checkpoint and sampler, SDXL text encoders behind a ControlNet, and a hires-fix pass. */
export function sdxlGraph(): Record<string, unknown> {
  return {
    '10': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'sdxl/juggernautXL_v9.safetensors' } },
    '11': { class_type: 'LoraLoader', inputs: { lora_name: 'detail.safetensors', strength_model: 0.8, strength_clip: 0.8, model: ['10', 0], clip: ['10', 1] } },
    '12': { class_type: 'Seed (rgthree)', inputs: { seed: 987654321 } },
    '13': { class_type: 'CLIPTextEncodeSDXL', inputs: { width: 1024, height: 1024, crop_w: 0, crop_h: 0, target_width: 1024, target_height: 1024, text_g: 'a red fox in fresh snow, golden light', text_l: 'a red fox in fresh snow, golden light', clip: ['11', 1] } },
    '14': { class_type: 'CLIPTextEncodeSDXL', inputs: { width: 1024, height: 1024, crop_w: 0, crop_h: 0, target_width: 1024, target_height: 1024, text_g: 'cartoon, blurry', text_l: 'cartoon, blurry', clip: ['11', 1] } },
    '15': { class_type: 'ControlNetLoader', inputs: { control_net_name: 'canny.safetensors' } },
    '16': { class_type: 'ControlNetApplyAdvanced', inputs: { strength: 0.6, start_percent: 0, end_percent: 1, positive: ['13', 0], negative: ['14', 0], control_net: ['15', 0], image: ['17', 0] } },
    '17': { class_type: 'LoadImage', inputs: { image: 'edges.png' } },
    '18': { class_type: 'EmptyLatentImage', inputs: { width: 896, height: 1152, batch_size: 1 } },
    '19': { class_type: 'KSamplerAdvanced', inputs: { add_noise: 'enable', noise_seed: ['12', 0], steps: 35, cfg: 6.5, sampler_name: 'dpmpp_2m_sde', scheduler: 'karras', start_at_step: 0, end_at_step: 10000, return_with_leftover_noise: 'disable', model: ['11', 0], positive: ['16', 0], negative: ['16', 1], latent_image: ['18', 0] } },
    '20': { class_type: 'LatentUpscaleBy', inputs: { upscale_method: 'nearest-exact', scale_by: 1.5, samples: ['19', 0] } },
    '21': { class_type: 'KSampler', inputs: { seed: 5, steps: 12, cfg: 5, sampler_name: 'euler', scheduler: 'normal', denoise: 0.45, model: ['11', 0], positive: ['16', 0], negative: ['16', 1], latent_image: ['20', 0] } },
    '22': { class_type: 'VAEDecode', inputs: { samples: ['21', 0], vae: ['10', 2] } },
    '23': { class_type: 'SaveImage', inputs: { filename_prefix: 'fox', images: ['22', 0] } }
  }
}

/** Flux dev on SamplerCustomAdvanced: the settings live in the noise, guider, sampler and sigmas nodes. */
export function fluxGraph(): Record<string, unknown> {
  return {
    '6': { class_type: 'CLIPTextEncode', inputs: { text: 'a lighthouse on a cliff at dusk, film photo', clip: ['11', 0] } },
    '8': { class_type: 'VAEDecode', inputs: { samples: ['13', 0], vae: ['10', 0] } },
    '9': { class_type: 'SaveImage', inputs: { filename_prefix: 'ComfyUI', images: ['8', 0] } },
    '10': { class_type: 'VAELoader', inputs: { vae_name: 'ae.safetensors' } },
    '11': { class_type: 'DualCLIPLoader', inputs: { clip_name1: 't5xxl_fp16.safetensors', clip_name2: 'clip_l.safetensors', type: 'flux' } },
    '12': { class_type: 'UNETLoader', inputs: { unet_name: 'flux1-dev.safetensors', weight_dtype: 'default' } },
    '13': { class_type: 'SamplerCustomAdvanced', inputs: { noise: ['25', 0], guider: ['22', 0], sampler: ['16', 0], sigmas: ['17', 0], latent_image: ['27', 0] } },
    '16': { class_type: 'KSamplerSelect', inputs: { sampler_name: 'euler' } },
    '17': { class_type: 'BasicScheduler', inputs: { scheduler: 'simple', steps: 28, denoise: 1, model: ['30', 0] } },
    '22': { class_type: 'BasicGuider', inputs: { model: ['30', 0], conditioning: ['26', 0] } },
    '25': { class_type: 'RandomNoise', inputs: { noise_seed: 219670278747233 } },
    '26': { class_type: 'FluxGuidance', inputs: { guidance: 3.5, conditioning: ['6', 0] } },
    '27': { class_type: 'EmptySD3LatentImage', inputs: { width: 1024, height: 768, batch_size: 1 } },
    '30': { class_type: 'ModelSamplingFlux', inputs: { max_shift: 1.15, base_shift: 0.5, width: 1024, height: 768, model: ['12', 0] } }
  }
}
