// Create's matrix: the prompt being composed sent across several models, or across the
// values of one parameter, each with N seeds. Create owns the settings: while the panel is
// open, Generate sends the matrix, priced and confirmed in full before any job is sent.
import { useId } from 'react'
import { Button } from '../../../ui/Button'
import { Segmented } from '../../../ui/Segmented'
import type { Composer } from '../../../components/composer/use-composer'
import { MAX_SEEDS, sweepFields } from './matrix-plan'
import type { MatrixMode, MatrixSettings } from './matrix-settings'
import { ModelChecklist } from './ModelChecklist'
import { SweepPicker } from './SweepPicker'

const MODES = [
  { value: 'models', label: 'Models × seeds' },
  { value: 'sweep', label: 'One parameter × seeds' }
]

interface MatrixPanelProps {
  composer: Composer
  settings: MatrixSettings
  onChange(patch: Partial<MatrixSettings>): void
  /** Why the matrix cannot be built as it stands, or null. */
  problem: string | null
  /** Prices the plan and asks for confirmation, as Generate does while the panel is open. */
  onReview(): void
}

export function MatrixPanel({ composer: c, settings, onChange: set, problem, onReview }: MatrixPanelProps) {
  const ids = { mode: useId(), seeds: useId(), start: useId() }
  const known = c.options.filter((o) => o.model !== undefined)

  return (
    <section className="matrix-panel" aria-label="Matrix" data-testid="matrix-panel">
      <div className="matrix-row">
        <span id={`${ids.mode}-label`} className="field-label">
          Rows
        </span>
        <Segmented id={ids.mode} value={settings.mode} options={MODES} onChange={(v) => set({ mode: v as MatrixMode })} labelledBy={`${ids.mode}-label`} />
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
      <Button variant="secondary" onClick={onReview} disabled={!c.model} data-testid="matrix-review">
        Review the cost…
      </Button>
    </section>
  )
}
