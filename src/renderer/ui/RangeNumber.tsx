// A bounded number as a slider and a box side by side: the slider shows where the value
// sits between its bounds and moves in sensible steps; the box takes an exact figure.
import { useTranslation } from '../i18n/page-i18n'
import type { FieldError } from './Field'
import { NumberInput } from './NumberInput'

interface RangeNumberProps {
  id: string
  label: string
  value: unknown
  min: number
  max: number
  integer?: boolean
  describedBy?: string
  errors: FieldError[]
  /** What the service uses when the value is left unset, where known: the slider sits there. */
  fallback?: number
  onChange(value: number | string | undefined): void
}

/** 1, 2 or 5 times a power of ten: about a hundredth of the range, whole for integers. */
export function sliderStep(min: number, max: number, integer = false): number {
  if (integer) return Math.max(1, niceStep((max - min) / 100, true))
  return niceStep((max - min) / 100, false)
}

function niceStep(raw: number, integer: boolean): number {
  if (raw <= 0) return integer ? 1 : 0.01
  const power = 10 ** Math.floor(Math.log10(raw))
  const nice = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power
  // Rounded so that 0.1 + 0.2 style errors do not reach the request.
  return integer ? Math.round(nice) : Number(nice.toPrecision(1))
}

export function RangeNumber({ id, label, value, min, max, integer, describedBy, errors, onChange, fallback }: RangeNumberProps) {
  const { t } = useTranslation()
  const step = sliderStep(min, max, integer)
  const set = typeof value === 'number' && value >= min && value <= max
  // Unset with no published default, the slider has no position to show: its thumb is
  // hidden rather than put at the minimum, which the service would not use.
  const shown = set ? value : (fallback ?? min)
  return (
    <div className={`range-number${set ? '' : ' is-default'}${set || fallback !== undefined ? '' : ' is-unknown'}`}>
      <input
        type="range"
        className="range"
        min={min}
        max={max}
        step={step}
        value={shown}
        aria-label={t('common:kit.range.slider', { label })}
        aria-describedby={describedBy}
        onChange={(e) => onChange(Number(e.target.value))}
        data-testid="range-slider"
      />
      <NumberInput
        id={id}
        value={value}
        onChange={onChange}
        min={min}
        max={max}
        integer={integer}
        {...(fallback !== undefined ? { placeholder: String(fallback) } : {})}
        aria-describedby={describedBy}
        aria-invalid={errors.length > 0 || undefined}
      />
    </div>
  )
}
