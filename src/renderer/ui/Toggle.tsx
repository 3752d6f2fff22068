import type { ReactNode } from 'react'

interface ToggleProps {
  id: string
  checked: boolean
  onChange(checked: boolean): void
  label: ReactNode
  disabled?: boolean
  describedBy?: string
}

/** A switch built on a checkbox, so it is labelled, focusable and keyboard-operable natively. */
export function Toggle({ id, checked, onChange, label, disabled, describedBy }: ToggleProps) {
  return (
    <label className={`toggle${disabled ? ' is-disabled' : ''}`} htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="toggle-input"
        checked={checked}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span className="toggle-track" aria-hidden="true">
        <span className="toggle-thumb" />
      </span>
      <span className="toggle-label">{label}</span>
    </label>
  )
}
