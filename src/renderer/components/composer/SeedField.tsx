// The seed: the number on screen is the one sent. The dice draws a new one; the lock keeps
// it for the next runs (unlocked, a new seed is drawn after each run). Typing a seed locks
// it, since a seed typed is a seed meant to be reused. Left empty, one is drawn at Generate.
import { useTranslation } from '../../i18n/page-i18n'
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
  const { t } = useTranslation()
  const locked = useCreateOptions((s) => s.seedLocked)
  const setLocked = useCreateOptions((s) => s.setSeedLocked)
  const use = t(lockable ? (locked ? 'create:seed.hintKept' : value === undefined ? 'create:seed.hintDrawn' : 'create:seed.hintNext') : 'create:seed.hintService')
  const hint = bounds ? t('create:seed.withBounds', { bounds, use }) : use
  const lock = lockable ? (
    <button
      type="button"
      className={`icon-btn seed-lock${locked ? ' is-on' : ''}`}
      aria-pressed={locked}
      aria-label={t('create:seed.keep')}
      title={t(locked ? 'create:seed.kept' : 'create:seed.newEachRun')}
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
          placeholder={t('create:seed.random')}
          onChange={(v) => {
            onChange(v)
            if (lockable && v !== undefined) setLocked(true)
          }}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={describedBy(id, errors, true) ?? hintId(id)}
          data-testid="seed-input"
        />
        <button type="button" className="icon-btn" aria-label={t('create:seed.dice')} title={t('create:seed.dice')} onClick={() => onChange(randomSeed())} data-testid="seed-dice">
          {icons.dice}
        </button>
        {lock}
      </div>
    </Field>
  )
}
