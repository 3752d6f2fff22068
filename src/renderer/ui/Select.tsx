import type { SelectHTMLAttributes } from 'react'

export interface SelectOption {
  value: string
  label: string
  disabled?: boolean
}

export interface SelectGroup {
  label: string
  options: SelectOption[]
}

interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  value: string
  onChange(value: string): void
  options?: SelectOption[]
  groups?: SelectGroup[]
  /** Label of an empty first option (e.g. "Service default"); omitted when not given. */
  emptyLabel?: string
}

export function Select({ value, onChange, options = [], groups = [], emptyLabel, className, ...rest }: SelectProps) {
  return (
    <select className={`input select${className ? ` ${className}` : ''}`} value={value} onChange={(e) => onChange(e.target.value)} {...rest}>
      {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
      {options.map((o) => (
        <option key={o.value} value={o.value} disabled={o.disabled}>
          {o.label}
        </option>
      ))}
      {groups.map((g) => (
        <optgroup key={g.label} label={g.label}>
          {g.options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  )
}
