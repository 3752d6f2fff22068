// One choice among a few, all in sight: a radio group drawn as segments. Arrow keys move
// the choice, and only the chosen segment is in the tab order, as for native radios.
import type { KeyboardEvent } from 'react'

export interface SegmentedOption {
  value: string
  label: string
}

interface SegmentedProps {
  id: string
  value: string
  options: SegmentedOption[]
  onChange(value: string): void
  /** The id of the element that names the group (the field's label). */
  labelledBy: string
  describedBy?: string
  invalid?: boolean
}

export function Segmented({ id, value, options, onChange, labelledBy, describedBy, invalid }: SegmentedProps) {
  const index = options.findIndex((o) => o.value === value)
  const move = (e: KeyboardEvent<HTMLButtonElement>) => {
    const step = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0
    if (step === 0 || options.length === 0) return
    e.preventDefault()
    const next = options[(Math.max(index, 0) + step + options.length) % options.length]!
    onChange(next.value)
    e.currentTarget.parentElement?.querySelector<HTMLElement>(`[data-value="${CSS.escape(next.value)}"]`)?.focus()
  }
  return (
    <div
      id={id}
      className="choice-group"
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
    >
      {options.map((o, i) => {
        const checked = o.value === value
        return (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked || (index < 0 && i === 0) ? 0 : -1}
            className={`choice${checked ? ' is-active' : ''}`}
            data-value={o.value}
            onClick={() => onChange(o.value)}
            onKeyDown={move}
          >
            {o.label}
          </button>
        )
      })}
    </div>
  )
}
