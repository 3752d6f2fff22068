// "Try it": one prompt run with a LoRA at several strengths, as a one-row matrix of jobs
// on the LoRA model, so the user sees at a glance how hard the LoRA should pull. Every
// strength gets the same seed, so the strength is the only thing that differs.
import { SEED_MAX, type Lora } from '../../../shared/api'
import { t } from '../../i18n/page-i18n'
import type { MatrixRunPlan } from '../../stores/matrix-runs'

export const LORA_MODEL = 'i17-1'
export const DEFAULT_STRENGTHS = '0.4, 0.8, 1.2'
export const STRENGTH_MAX = 1.5
const MAX_STRENGTHS = 6
/** A seed as typed, or why it cannot be used. */
export function parseSeed(text: string): { value: number } | { error: string } {
  // Digits only: Number() would also take "1e3" or "0x10", which no one means as a seed.
  const n = /^\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN
  if (!(n >= 0 && n <= SEED_MAX)) return { error: t('loras:try.seedRange', { max: String(SEED_MAX) }) }
  return { value: n }
}

/** The strengths typed as a list ("0.4, 0.8 1.2"), or why they cannot be used. */
export function parseStrengths(text: string): { values: number[] } | { error: string } {
  const parts = text.split(/[\s,;]+/).filter(Boolean)
  if (parts.length === 0) return { error: t('loras:try.noStrength') }
  if (parts.length > MAX_STRENGTHS) return { error: t('loras:try.tooManyStrengths', { max: MAX_STRENGTHS }) }
  const values: number[] = []
  for (const p of parts) {
    const n = Number(p)
    if (!Number.isFinite(n) || n < 0 || n > STRENGTH_MAX) return { error: t('loras:try.notStrength', { value: p, max: String(STRENGTH_MAX) }) }
    if (values.includes(n)) return { error: t('loras:try.twice', { value: p }) }
    values.push(n)
  }
  return { values }
}

export function defaultTryPrompt(lora: Lora): string {
  return lora.triggerWord ?? ''
}

export function tryLoraPlan(lora: Lora, prompt: string, strengths: readonly number[], seed: number): MatrixRunPlan {
  return {
    title: t('loras:try.runTitle', { name: lora.name, count: strengths.length, seed: String(seed) }),
    rowLabel: t('loras:try.rowLabel'),
    rowValues: [prompt],
    colLabel: t('loras:try.colLabel'),
    colValues: strengths.map(String),
    cells: strengths.map((s, col) => ({
      row: 0,
      col,
      request: { model: LORA_MODEL, prompt, i17Params: { loraId: lora.id, lora_strength: s, num_outputs: 1, seed } }
    }))
  }
}
