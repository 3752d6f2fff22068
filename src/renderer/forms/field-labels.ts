// Turns a parameter's key into a label a person reads ("num_inference_steps" -> "Inference
// steps"). Only keys whose plain rendering reads badly are listed.
const LABELS: Record<string, string> = {
  image_input: 'Input images',
  input_images: 'Input images',
  image_url: 'Image',
  image_prompt: 'Image prompt',
  num_inference_steps: 'Inference steps',
  num_images: 'Number of images',
  num_outputs: 'Number of outputs',
  number_of_images: 'Number of images',
  n: 'Number of images',
  loraId: 'LoRA',
  lora_strength: 'LoRA strength',
  go_fast: 'Go fast',
  use_pre_llm: 'Use pre-LLM',
  duration_seconds: 'Duration (seconds)',
  duration: 'Duration (seconds)',
  start_image: 'Start frame',
  end_image: 'End frame',
  style_reference_images: 'Style references',
  character_reference_image: 'Character reference',
  upscale_factor: 'Upscale factor',
  safety_tolerance: 'Safety tolerance',
  seed: 'Seed'
}

export function labelFor(key: string): string {
  const known = LABELS[key]
  if (known) return known
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .trim()
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}
