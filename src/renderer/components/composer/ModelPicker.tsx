// Model choice grouped by family, with the chosen model's description and price.
import { Field } from '../../ui/Field'
import { Select } from '../../ui/Select'
import { groupByFamily, type ModelOption } from './model-options'

interface ModelPickerProps {
  id: string
  options: ModelOption[]
  value: ModelOption | undefined
  onChange(option: ModelOption): void
  offline: boolean
}

export function ModelPicker({ id, options, value, onChange, offline }: ModelPickerProps) {
  const groups = groupByFamily(options).map((g) => ({
    label: g.label,
    options: g.options.map((o) => ({ value: o.id, label: `${o.label} — ${o.price}` }))
  }))
  return (
    <Field label="Model" htmlFor={id} hint={offline ? 'Catalog unavailable: showing the built-in model list.' : undefined}>
      <Select
        id={id}
        data-testid="model-select"
        value={value?.id ?? ''}
        onChange={(v) => {
          const next = options.find((o) => o.id === v)
          if (next) onChange(next)
        }}
        groups={groups}
        disabled={options.length === 0}
      />
      {value ? (
        <div className="model-card" data-testid="model-info">
          <div className="model-card-main">
            <span className="model-card-desc">{value.description || 'No description'}</span>
            {!value.model ? <span className="tag tag-warning">Unknown to this app: parameters are free-form JSON</span> : null}
          </div>
          <div className="model-card-side">
            <span className="model-card-price">{value.price}</span>
            <code className="model-card-id">{value.id}</code>
          </div>
        </div>
      ) : null}
    </Field>
  )
}
