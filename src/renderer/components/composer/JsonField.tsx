// A parameter whose shape no control fits: edited as JSON, kept as text until it parses
// so the validator can say what is wrong.
import { useState } from 'react'
import { useTranslation } from '../../i18n/page-i18n'
import { describedBy, Field, type FieldError } from '../../ui/Field'
import { TextArea } from '../../ui/TextInput'

interface JsonFieldProps {
  id: string
  label: string
  value: unknown
  required: boolean
  errors: FieldError[]
  onChange(value: unknown): void
}

export function JsonField({ id, label, value, required, errors, onChange }: JsonFieldProps) {
  const { t } = useTranslation()
  const [text, setText] = useState(() => (value === undefined ? '' : JSON.stringify(value)))
  return (
    <Field label={label} htmlFor={id} required={required} errors={errors} hint={t('params:hint.json')} className="field-wide">
      <TextArea
        id={id}
        rows={2}
        className="mono"
        value={text}
        aria-describedby={describedBy(id, errors, true)}
        onChange={(e) => {
          setText(e.target.value)
          if (e.target.value.trim() === '') return onChange(undefined)
          try {
            onChange(JSON.parse(e.target.value))
          } catch {
            onChange(e.target.value)
          }
        }}
      />
    </Field>
  )
}
