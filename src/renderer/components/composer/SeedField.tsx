// The seed: the number on screen is the one sent. The dice draws a new one; the lock keeps
// it for the next runs (unlocked, a new seed is drawn after each run). Typing a seed locks
// it, since a seed typed is a seed meant to be reused. Left empty, one is drawn at Generate.
import { useCreateOptions } from '../../stores/create-options'
import { describedBy, Field, hintId, type FieldError } from '../../ui/Field'
import { icons } from '../../ui/icons'
import { NumberInput } from '../../ui/NumberInput'
import { randomSeed } from './seeds'

interface SeedFieldProps {
  id: string
  label: string
  value: unknown
  min?: number
  max?: number
  errors: FieldError[]
  /** What the field takes, e.g. "Whole number from 0 to 2147483647". */
  bounds: string | undefined
  /** Create keeps or redraws the seed between runs; elsewhere it is only sent as set. */
  lockable: boolean
  onChange(value: unknown): void
}

export function SeedField({ id, label, value, min, max, errors, bounds, lockable, onChange }: SeedFieldProps) {
  const locked = useCreateOptions((s) => s.seedLocked)
  const setLocked = useCreateOptions((s) => s.setSeedLocked)
  const use = lockable ? (locked ? 'kept for the next runs' : value === undefined ? 'drawn when you generate, new each run' : 'sent next; a new one after each run') : 'empty: the service picks one'
  const hint = bounds ? `${bounds}; ${use}` : use.charAt(0).toUpperCase() + use.slice(1)
  const lock = lockable ? (
    <button
      type="button"
      className={`icon-btn seed-lock${locked ? ' is-on' : ''}`}
      aria-pressed={locked}
      aria-label="Keep this seed for the next runs"
      title={locked ? 'Kept for the next runs' : 'A new seed each run'}
      onClick={() => setLocked(!locked)}
      data-testid="seed-lock"
    >
      {locked ? icons.locked : icons.unlocked}
    </button>
  ) : null
  return (
    <Field label={label} htmlFor={id} errors={errors} hint={hint}>
      <div className="seed-control">
        <NumberInput
          id={id}
          value={value}
          min={min}
          max={max}
          integer
          placeholder="random"
          onChange={(v) => {
            onChange(v)
            if (lockable && v !== undefined) setLocked(true)
          }}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={describedBy(id, errors, true) ?? hintId(id)}
          data-testid="seed-input"
        />
        <button type="button" className="icon-btn" aria-label="New random seed" title="New random seed" onClick={() => onChange(randomSeed())} data-testid="seed-dice">
          {icons.dice}
        </button>
        {lock}
      </div>
    </Field>
  )
}
