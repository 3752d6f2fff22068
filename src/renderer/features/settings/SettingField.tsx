// Controls for one setting, with its validation messages. An address is the same in every
// language: its box (the example in it too) is marked not to be translated.
import type { ValidationDetails } from '../../../shared/api'
import { Field, type FieldError } from '../../ui/Field'
import { NumberInput } from '../../ui/NumberInput'
import { TextInput } from '../../ui/TextInput'
import type { ReactNode } from 'react'

export const errorsFor = (d: ValidationDetails, path: string): FieldError[] => (d[path] ? [{ path, messages: d[path] }] : [])

interface TextSettingProps {
  id: string
  label: string
  value: unknown
  onChange(value: string): void
  details: ValidationDetails
  path: string
  hint?: ReactNode
  placeholder?: string
}

export function UrlSetting({ id, label, value, onChange, details, path, hint, placeholder }: TextSettingProps) {
  return (
    <Field label={label} htmlFor={id} hint={hint} errors={errorsFor(details, path)}>
      <TextInput id={id} type="url" inputMode="url" spellCheck={false} translate="no" value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value.trim())} placeholder={placeholder} data-testid={`setting-${path}`} />
    </Field>
  )
}

interface NumberSettingProps {
  id: string
  label: string
  value: unknown
  onChange(value: number | string | undefined): void
  details: ValidationDetails
  path: string
  min: number
  max: number
  integer?: boolean
  hint?: ReactNode
}

export function NumberSetting({ id, label, value, onChange, details, path, min, max, integer, hint }: NumberSettingProps) {
  return (
    <Field label={label} htmlFor={id} hint={hint} errors={errorsFor(details, path)}>
      <NumberInput id={id} value={value} onChange={onChange} min={min} max={max} integer={integer} data-testid={`setting-${path}`} />
    </Field>
  )
}
