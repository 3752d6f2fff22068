// I17's `loraId`: pick one of the caller's ready LoRAs (or type an id for one not listed).
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
  const loras = useLoras((s) => s.items)
  const ready = loras.filter((l) => l.status === 'READY')
  const current = typeof value === 'string' ? value : ''
  const listed = ready.some((l) => l.id === current)

  return (
    <Field label={label} htmlFor={id} required={required} errors={errors} hint={ready.length === 0 ? 'No LoRA is ready yet — train one under LoRAs, or paste an id.' : undefined}>
      {ready.length > 0 ? (
        <Select
          id={id}
          value={listed ? current : ''}
          onChange={(v) => onChange(v || undefined)}
          emptyLabel={current && !listed ? 'Other (id below)' : 'Choose a LoRA…'}
          options={ready.map((l) => ({ value: l.id, label: l.triggerWord ? `${l.name} · ${l.triggerWord}` : l.name }))}
          aria-describedby={describedBy(id, errors, false)}
        />
      ) : null}
      {ready.length === 0 || (current && !listed) ? (
        <TextInput
          id={ready.length > 0 ? `${id}-raw` : id}
          aria-label={ready.length > 0 ? 'LoRA id' : undefined}
          placeholder="LoRA id (UUID)"
          value={current}
          onChange={(e) => onChange(e.target.value.trim() || undefined)}
          aria-describedby={describedBy(id, errors, ready.length === 0)}
        />
      ) : null}
    </Field>
  )
}
