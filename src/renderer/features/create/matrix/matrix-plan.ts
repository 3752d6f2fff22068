// Turns what the user asked for on Create into a matrix plan: one request per cell.
// Rows are models (the draft's settings carried into each, keeping what it takes) or the
// values of one parameter, each once per prompt when the prompt has wildcards; columns are
// seeds. Each cell is checked as the service would
// check it, so a cell its model cannot take is named with its field error and not sent.
import { parseGenerationRequest, SEED_MAX, summarizeDetails, type ModelInfo } from '../../../../shared/api'
import { MAX_JOBS_PER_CONFIRMATION } from '../../../../shared/app/send-caps'
import { carryParams, droppedNote } from '../../../forms/carry-params'
import { fieldsOf, type FieldSpec } from '../../../forms/field-spec'
import { buildBody, collectInputs } from '../../../forms/request-body'
import type { MatrixCellPlan, MatrixRunPlan } from '../../../stores/matrix-runs'
import type { UploadRef } from '../../../stores/uploads'

/**
 * More cells than this is more than one grid can show or one confirmation should cover,
 * whatever the balance allows (the balance is checked when the total is confirmed). The
 * engine holds every confirmed send to the same cap.
 */
export const MAX_CELLS = MAX_JOBS_PER_CONFIRMATION
/** As many columns as the grid has cells: one row of seeds may use them all. */
export const MAX_SEEDS = MAX_CELLS

export interface Draft {
  prompt: string
  /** The prompts the wildcards make; each is its own row. Absent: the prompt as written. */
  prompts?: string[]
  params: Record<string, unknown>
  /** The uploads the draft's input fields name, so each cell's job records its inputs. */
  uploads: Record<string, UploadRef>
}

/** `count` seeds: consecutive from `start`, or random when start is null. */
export function seedValues(count: number, start: number | null, random: () => number = Math.random): number[] {
  const n = Math.max(1, Math.min(MAX_SEEDS, Math.floor(count)))
  if (start !== null) return Array.from({ length: n }, (_, i) => Math.min(SEED_MAX, start + i))
  return Array.from({ length: n }, () => Math.floor(random() * SEED_MAX))
}

function hasSeed(model: ModelInfo): boolean {
  return fieldsOf(model.block, model.blockName).some((f) => f.key === 'seed')
}

function cell(model: ModelInfo, row: number, col: number, prompt: string, draft: Draft, params: Record<string, unknown>): MatrixCellPlan {
  const request = buildBody(model, prompt, params)
  const parsed = parseGenerationRequest(request, [model.kind])
  const inputs = collectInputs(fieldsOf(model.block, model.blockName), params, draft.uploads)
  return {
    row,
    col,
    request,
    ...(inputs.length > 0 ? { inputs } : {}),
    ...(parsed.ok ? {} : { error: summarizeDetails(parsed.details) })
  }
}

function withSeed(model: ModelInfo, params: Record<string, unknown>, seed: number): Record<string, unknown> {
  // A model without a seed takes each column as one more take of the same request.
  return hasSeed(model) ? { ...params, seed } : params
}

/** Columns are seeds; where no model of the plan takes one, they are takes 1..N of the same request. */
function columns(models: ModelInfo[], seeds: number[]): { colLabel: string; colValues: string[] } {
  if (models.some(hasSeed)) return { colLabel: 'Seed', colValues: seeds.map(String) }
  return { colLabel: 'Take', colValues: seeds.map((_, i) => String(i + 1)) }
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

function promptTitle(prompt: string): string {
  const p = prompt.trim()
  if (!p) return 'Untitled'
  return p.length > 48 ? `“${p.slice(0, 45)}…”` : `“${p}”`
}

const promptsOf = (draft: Draft) => (draft.prompts && draft.prompts.length > 0 ? draft.prompts : [draft.prompt])

/** A row's label: its value, and its prompt when the prompt varies by row. */
function rowLabels(values: string[], prompts: string[]): string[] {
  if (prompts.length === 1) return values
  return values.flatMap((v) => prompts.map((p) => (values.length === 1 ? promptTitle(p) : `${v} · ${promptTitle(p)}`)))
}

const promptCount = (prompts: string[]) => (prompts.length > 1 ? ` × ${count(prompts.length, 'prompt', 'prompts')}` : '')

/** Every chosen model × every prompt × every seed, the draft's settings carried into each model. */
export function modelsBySeeds(models: ModelInfo[], seeds: number[], draft: Draft): MatrixRunPlan {
  const cells: MatrixCellPlan[] = []
  const notes: string[] = []
  const prompts = promptsOf(draft)
  models.forEach((model, m) => {
    const carried = carryParams(draft.params, model, { inputs: true })
    const note = droppedNote({ ...carried, dropped: carried.dropped.filter((d) => d !== 'Seed') }, model)
    if (note) notes.push(note)
    if (seeds.length > 1 && !hasSeed(model)) notes.push(`${model.label} takes no seed: each of its columns is another take`)
    prompts.forEach((prompt, p) => {
      const row = m * prompts.length + p
      seeds.forEach((seed, col) => cells.push(cell(model, row, col, prompt, draft, withSeed(model, carried.kept, seed))))
    })
  })
  return {
    title: `${promptTitle(draft.prompt)} · ${count(models.length, 'model', 'models')}${promptCount(prompts)} × ${count(seeds.length, 'seed', 'seeds')}`,
    rowLabel: prompts.length > 1 ? (models.length > 1 ? 'Model · prompt' : 'Prompt') : 'Model',
    rowValues: rowLabels(
      models.map((m) => m.label),
      prompts
    ),
    ...columns(models, seeds),
    cells,
    notes
  }
}

/** The parameters of a model that can be swept: bounded numbers and enums. */
export function sweepFields(model: ModelInfo): FieldSpec[] {
  return fieldsOf(model.block, model.blockName).filter(
    (f) => f.key !== 'seed' && ((f.kind === 'enum' && (f.options?.length ?? 0) > 1) || (f.kind === 'number' && f.min !== undefined && f.max !== undefined))
  )
}

export type SweepValues = { ok: true; values: (string | number)[] } | { ok: false; message: string }

/** Reads "0.4, 0.8, 1.2" for a number field: each value a number within its bounds. */
export function parseSweepValues(field: FieldSpec, text: string): SweepValues {
  const parts = text.split(/[\s,;]+/).filter((p) => p !== '')
  if (parts.length === 0) return { ok: false, message: `${field.label}: give at least one value` }
  const values: number[] = []
  for (const p of parts) {
    const v = Number(p)
    if (!Number.isFinite(v)) return { ok: false, message: `${field.label}: '${p}' is not a number` }
    if (field.integer && !Number.isInteger(v)) return { ok: false, message: `${field.label}: ${p} must be a whole number` }
    if (field.min !== undefined && v < field.min) return { ok: false, message: `${field.label}: ${p} is below the least, ${field.min}` }
    if (field.max !== undefined && v > field.max) return { ok: false, message: `${field.label}: ${p} is above the most, ${field.max}` }
    if (!values.includes(v)) values.push(v)
  }
  return { ok: true, values }
}

/** One model, one parameter at each of `values` × every prompt (rows) × every seed (columns). */
export function parameterSweep(model: ModelInfo, field: FieldSpec, values: (string | number)[], seeds: number[], draft: Draft): MatrixRunPlan {
  const cells: MatrixCellPlan[] = []
  const prompts = promptsOf(draft)
  values.forEach((value, v) => {
    prompts.forEach((prompt, p) => {
      const row = v * prompts.length + p
      seeds.forEach((seed, col) => cells.push(cell(model, row, col, prompt, draft, withSeed(model, { ...draft.params, [field.key]: value }, seed))))
    })
  })
  return {
    title: `${promptTitle(draft.prompt)} · ${model.label}, ${field.label}${promptCount(prompts)} × ${count(seeds.length, 'seed', 'seeds')}`,
    rowLabel: prompts.length > 1 ? (values.length > 1 ? `${field.label} · prompt` : 'Prompt') : field.label,
    rowValues: rowLabels(values.map(String), prompts),
    ...columns([model], seeds),
    cells,
    notes: []
  }
}
