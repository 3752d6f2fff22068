// Create's matrix: the prompt being composed sent across several models, or across the
// values of one parameter, each with N seeds. The plan is priced and confirmed in full
// before any job is sent.
import { useId, useState } from 'react'
import type { ModelInfo } from '../../../shared/api'
import { useMatrixRuns, type MatrixRunPlan } from '../../stores/matrix-runs'
import { useUploads } from '../../stores/uploads'
import { Button } from '../../ui/Button'
import { Segmented } from '../../ui/Segmented'
import type { Composer } from '../params/use-composer'
import { MatrixConfirmDialog } from './MatrixConfirmDialog'
import { MAX_CELLS, MAX_SEEDS, modelsBySeeds, parameterSweep, parseSweepValues, seedValues, sweepFields } from './matrix-plan'
import { ModelChecklist } from './ModelChecklist'
import { SweepPicker, type Sweep } from './SweepPicker'

type Mode = 'models' | 'sweep'
const MODES = [
  { value: 'models', label: 'Models × seeds' },
  { value: 'sweep', label: 'One parameter × seeds' }
]

type Built = { ok: true; plan: MatrixRunPlan } | { ok: false; message: string }

interface Settings {
  mode: Mode
  models: string[]
  sweep: Sweep
  seedCount: number
  /** Null for random seeds. */
  startSeed: number | null
}

function build(s: Settings, c: Composer, models: ModelInfo[]): Built {
  const model = c.model
  if (!model) return { ok: false, message: 'Choose a model the app knows to build a matrix' }
  if (s.startSeed !== null && (!Number.isInteger(s.startSeed) || s.startSeed < 0)) return { ok: false, message: 'Start seed: must be a whole number, 0 or more' }
  const seeds = seedValues(s.seedCount, s.startSeed)
  const draft = { prompt: c.draft.prompt, params: c.draft.params, uploads: useUploads.getState().byUrl }
  let plan: MatrixRunPlan
  if (s.mode === 'models') {
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
  if (plan.cells.length > MAX_CELLS) return { ok: false, message: `${plan.cells.length} jobs is more than ${MAX_CELLS} at once; use fewer rows or seeds` }
  return { ok: true, plan }
}

export function MatrixPanel({ composer: c }: { composer: Composer }) {
  const ids = { mode: useId(), seeds: useId(), start: useId() }
  const [settings, setSettings] = useState<Settings>(() => ({
    mode: 'models',
    models: c.model ? [c.model.id] : [],
    sweep: { field: '', text: '', options: [] },
    seedCount: 2,
    startSeed: null
  }))
  const [confirming, setConfirming] = useState<MatrixRunPlan | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const set = (patch: Partial<Settings>) => {
    setProblem(null)
    setSettings((s) => ({ ...s, ...patch }))
  }

  const known = c.options.filter((o) => o.model !== undefined)
  const models = settings.models.flatMap((id) => known.find((o) => o.id === id)?.model ?? [])

  const review = () => {
    const built = build(settings, c, models)
    if (built.ok) setConfirming(built.plan)
    else setProblem(built.message)
  }
  const send = async (plan: MatrixRunPlan) => {
    setSending(true)
    try {
      const id = await useMatrixRuns.getState().start(plan)
      setConfirming(null)
      // The grid opens below the form; bring it into view, where its cells fill in.
      document.querySelector(`[data-run-id="${CSS.escape(id)}"]`)?.scrollIntoView({ block: 'start', behavior: 'smooth' })
    } finally {
      setSending(false)
    }
  }

  return (
    <section className="matrix-panel" aria-label="Matrix" data-testid="matrix-panel">
      <div className="matrix-row">
        <span id={`${ids.mode}-label`} className="field-label">
          Rows
        </span>
        <Segmented id={ids.mode} value={settings.mode} options={MODES} onChange={(v) => set({ mode: v as Mode })} labelledBy={`${ids.mode}-label`} />
      </div>
      {settings.mode === 'models' ? (
        <ModelChecklist options={known} chosen={settings.models} onChange={(models) => set({ models })} />
      ) : c.model ? (
        <SweepPicker fields={sweepFields(c.model)} sweep={settings.sweep} onChange={(sweep) => set({ sweep })} />
      ) : null}
      <div className="matrix-row matrix-seeds">
        <label htmlFor={ids.seeds} className="field-label">
          Seeds (columns)
        </label>
        <input
          id={ids.seeds}
          className="input number matrix-seed-count"
          type="number"
          min={1}
          max={MAX_SEEDS}
          value={settings.seedCount}
          onChange={(e) => set({ seedCount: Math.max(1, Math.min(MAX_SEEDS, Number(e.target.value) || 1)) })}
          data-testid="matrix-seed-count"
        />
        <label className="matrix-inline">
          <input type="checkbox" checked={settings.startSeed !== null} onChange={(e) => set({ startSeed: e.target.checked ? 1 : null })} data-testid="matrix-fixed-seeds" />
          From seed
        </label>
        {settings.startSeed !== null ? (
          <>
            <label htmlFor={ids.start} className="visually-hidden">
              Start seed
            </label>
            <input
              id={ids.start}
              className="input number matrix-start-seed"
              type="number"
              min={0}
              value={settings.startSeed}
              onChange={(e) => set({ startSeed: Number(e.target.value) })}
              data-testid="matrix-start-seed"
            />
          </>
        ) : (
          <span className="muted">random</span>
        )}
      </div>
      {problem ? (
        <p className="text-danger" role="alert" data-testid="matrix-problem">
          {problem}
        </p>
      ) : null}
      <Button variant="primary" onClick={review} disabled={!c.model} data-testid="matrix-review">
        Review the cost…
      </Button>
      {confirming ? <MatrixConfirmDialog plan={confirming} busy={sending} onConfirm={(p) => void send(p)} onClose={() => setConfirming(null)} /> : null}
    </section>
  )
}
