// A number box that lets people type freely ("1.", "-", "") and hands the form a number
// when the text is one, or the raw text otherwise, so validation names the problem
// instead of the box silently refusing keys.
import { useState, type InputHTMLAttributes } from 'react'

interface NumberInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'min' | 'max'> {
  value: unknown
  onChange(value: number | string | undefined): void
  min?: number
  max?: number
  integer?: boolean
}

const toText = (v: unknown) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v : '')

export function NumberInput({ value, onChange, min, max, integer, className, ...rest }: NumberInputProps) {
  const [text, setText] = useState(() => toText(value))
  const [followed, setFollowed] = useState(value)

  // Follow outside changes (reset, prefill) without fighting the user's half-typed text.
  // Adjusted while rendering, as React advises for state that follows a prop: an effect
  // would first paint the stale text.
  if (!Object.is(value, followed)) {
    setFollowed(value)
    setText(Number(text) === value && text.trim() !== '' ? text : toText(value))
  }

  return (
    <input
      type="text"
      inputMode={integer ? 'numeric' : 'decimal'}
      className={`input number${className ? ` ${className}` : ''}`}
      value={text}
      placeholder={min !== undefined && max !== undefined ? `${min} – ${max}` : undefined}
      onChange={(e) => {
        const next = e.target.value
        setText(next)
        const trimmed = next.trim()
        if (trimmed === '') onChange(undefined)
        else if (/^-?(\d+\.?\d*|\.\d+)(e-?\d+)?$/i.test(trimmed)) onChange(Number(trimmed))
        else onChange(next)
      }}
      {...rest}
    />
  )
}
