// The prompt with a live character count against the model's limit (counted by code
// point, as the service counts).
import { charCount } from '../../../shared/api'
import { errorId, Field, type FieldError } from '../../ui/Field'
import { TextArea } from '../../ui/TextInput'
import { useTranslation } from '../../i18n/page-i18n'

interface PromptInputProps {
  id: string
  value: string
  limit: number | undefined
  errors: FieldError[]
  onChange(value: string): void
  label?: string
  placeholder?: string
  rows?: number
}

export function PromptInput({ id, value, limit, errors, onChange, label, placeholder, rows = 5 }: PromptInputProps) {
  const { t } = useTranslation()
  const count = charCount(value)
  const over = limit !== undefined && count > limit
  return (
    <Field
      label={label ?? t('create:prompt.label')}
      htmlFor={id}
      required
      errors={errors}
      aside={
        <span className={`counter${over ? ' is-over' : ''}`} id={`${id}-count`} data-testid="prompt-counter" aria-live="off">
          {limit !== undefined ? t('create:prompt.countOf', { count, limit }) : t('create:prompt.count', { count })}
        </span>
      }
    >
      <TextArea
        id={id}
        data-testid="prompt-input"
        rows={rows}
        value={value}
        placeholder={placeholder ?? t('create:prompt.placeholder')}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={errors.length > 0 ? `${errorId(id)} ${id}-count` : `${id}-count`}
        aria-invalid={over || errors.length > 0 || undefined}
        spellCheck
      />
    </Field>
  )
}
