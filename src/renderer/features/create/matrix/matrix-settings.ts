// What the Matrix panel holds, and the plan it makes of the prompt being composed: several
// models, or one parameter's values, each once per prompt the wildcards make, × seeds.
import type { ModelInfo } from '../../../../shared/api'
import type { MatrixRunPlan } from '../../../stores/matrix-runs'
import { useUploads } from '../../../stores/uploads'
import type { Composer } from '../../../components/composer/use-composer'
import { MAX_CELLS, modelsBySeeds, parameterSweep, parseSweepValues, seedValues, sweepFields } from './matrix-plan'
import type { Sweep } from './SweepPicker'

export type MatrixMode = 'models' | 'sweep'

export interface MatrixSettings {
  mode: MatrixMode
  models: string[]
  sweep: Sweep
  seedCount: number
  /** Null for random seeds. */
  startSeed: number | null
}

export type BuiltPlan = { ok: true; plan: MatrixRunPlan } | { ok: false; message: string }

export function initialMatrixSettings(model: ModelInfo | undefined): MatrixSettings {
  return { mode: 'models', models: model ? [model.id] : [], sweep: { field: '', text: '', options: [] }, seedCount: 2, startSeed: null }
}

/** The models chosen for the rows that the app knows, in the order chosen. */
export function chosenModels(s: MatrixSettings, c: Composer): ModelInfo[] {
  const known = c.options.filter((o) => o.model !== undefined)
  return s.models.flatMap((id) => known.find((o) => o.id === id)?.model ?? [])
}

function tooMany(plan: MatrixRunPlan): string | null {
  return plan.cells.length > MAX_CELLS ? `${plan.cells.length} jobs is more than ${MAX_CELLS} at once; use fewer rows, prompts or seeds` : null
}

/** The plan the panel describes; `random` draws the seeds when no start seed is set. */
export function buildMatrixPlan(s: MatrixSettings, c: Composer, prompts: string[], random: () => number = Math.random): BuiltPlan {
  const model = c.model
  if (!model) return { ok: false, message: 'Choose a model the app knows to build a matrix' }
  if (s.startSeed !== null && (!Number.isInteger(s.startSeed) || s.startSeed < 0)) return { ok: false, message: 'Start seed: must be a whole number, 0 or more' }
  const seeds = seedValues(s.seedCount, s.startSeed, random)
  const draft = { prompt: c.draft.prompt, prompts, params: c.draft.params, uploads: useUploads.getState().byUrl }
  let plan: MatrixRunPlan
  if (s.mode === 'models') {
    const models = chosenModels(s, c)
    if (models.length === 0) return { ok: false, message: 'Models: choose at least one' }
    plan = modelsBySeeds(models, seeds, draft)
  } else {
    const field = sweepFields(model).find((f) => f.key === s.sweep.field)
    if (!field) return { ok: false, message: 'Parameter: choose one to vary' }
    const values = field.kind === 'enum' ? ({ ok: true, values: s.sweep.options } as const) : parseSweepValues(field, s.sweep.text)
    if (!values.ok) return values
    if (values.values.length === 0) return { ok: false, message: `${field.label}: choose at least one value` }
    plan = parameterSweep(model, field, values.values, seeds, draft)
  }
  const refused = tooMany(plan)
  return refused ? { ok: false, message: refused } : { ok: true, plan }
}

/** Generate with the matrix closed but wildcards in the prompt: the model × each prompt × the batch's seeds. */
export function buildPromptsPlan(c: Composer, prompts: string[], seeds: number[]): BuiltPlan {
  if (!c.model) return { ok: false, message: 'Choose a model the app knows to use wildcards' }
  const plan = modelsBySeeds([c.model], seeds, { prompt: c.draft.prompt, prompts, params: c.draft.params, uploads: useUploads.getState().byUrl })
  const refused = tooMany(plan)
  return refused ? { ok: false, message: refused } : { ok: true, plan }
}
