// I17's `loraId`: pick one of the caller's ready LoRAs (or type an id for one not listed).
import { useTranslation } from '../../i18n/page-i18n'
import { useLoras } from '../../stores/loras'
import { describedBy, Field, type FieldError } from '../../ui/Field'
import { Select } from '../../ui/Select'
import { TextInput } from '../../ui/TextInput'

interface LoraFieldProps {
  id: string
  label: string
  value: unknown
  required: boolean
  errors: FieldError[]
  onChange(value: string | undefined): void
}

export function LoraField({ id, label, value, required, errors, onChange }: LoraFieldProps) {
  const { t } = useTranslation()
  const loras = useLoras((s) => s.items)
  const ready = loras.filter((l) => l.status === 'READY')
  const current = typeof value === 'string' ? value : ''
  const listed = ready.some((l) => l.id === current)

  return (
    <Field label={label} htmlFor={id} required={required} errors={errors} hint={ready.length === 0 ? t('create:lora.none') : undefined}>
      {ready.length > 0 ? (
        <Select
          id={id}
          value={listed ? current : ''}
          onChange={(v) => onChange(v || undefined)}
          emptyLabel={t(current && !listed ? 'create:lora.other' : 'create:lora.choose')}
          options={ready.map((l) => ({ value: l.id, label: l.triggerWord ? `${l.name} · ${l.triggerWord}` : l.name }))}
          aria-describedby={describedBy(id, errors, false)}
        />
      ) : null}
      {ready.length === 0 || (current && !listed) ? (
        <TextInput
          id={ready.length > 0 ? `${id}-raw` : id}
          aria-label={ready.length > 0 ? t('create:lora.id') : undefined}
          placeholder={t('create:lora.idPlaceholder')}
          value={current}
          onChange={(e) => onChange(e.target.value.trim() || undefined)}
          aria-describedby={describedBy(id, errors, ready.length === 0)}
        />
      ) : null}
    </Field>
  )
}
