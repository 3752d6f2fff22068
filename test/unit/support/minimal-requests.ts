// The smallest request each model accepts: its prompt (where it takes one) and the block
// fields it cannot do without. Shared by tests that go over every model.
import { LORA_ID, URL_A } from '../contract/spec-rules'

const REQUIRED: Record<string, Record<string, unknown>> = {
  'i5-character': { i5Params: { character_reference_image: URL_A } },
  'i17-1': { i17Params: { loraId: LORA_ID } },
  'u1-1': { u1Params: { image: URL_A } },
  'u2-1': { u2Params: { image: URL_A } },
  'e1-1': { e1Params: { image: URL_A, mode: 'inpaint' } },
  'b1-1': { b1Params: { image: URL_A } },
  'b2-1': { b2Params: { image: URL_A } }
}
const NO_PROMPT = ['u1-1', 'u2-1', 'b1-1', 'b2-1']

/** The minimal valid request of a model (its prompt and required block). */
export function minimalRequest(id: string, prompt = 'a paper boat in the rain'): Record<string, unknown> {
  return { model: id, ...(NO_PROMPT.includes(id) ? {} : { prompt }), ...(REQUIRED[id] ?? {}) }
}
