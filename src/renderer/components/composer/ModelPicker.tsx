// Model choice grouped by family, with the chosen model's description and price.
import { useTranslation } from '../../i18n/page-i18n'
import { Field } from '../../ui/Field'
import { Select } from '../../ui/Select'
import { groupByFamily, optionDescription, optionPrice, type ModelOption } from './model-options'

interface ModelPickerProps {
  id: string
  options: ModelOption[]
  value: ModelOption | undefined
  onChange(option: ModelOption): void
  offline: boolean
}

export function ModelPicker({ id, options, value, onChange, offline }: ModelPickerProps) {
  const { t } = useTranslation()
  const groups = groupByFamily(options).map((g) => ({
    label: g.label,
    options: g.options.map((o) => ({ value: o.id, label: t('create:model.option', { model: o.label, price: optionPrice(o) }) }))
  }))
  const description = value ? optionDescription(value) : null
  return (
    <Field label={t('create:model.label')} htmlFor={id} hint={offline ? t('create:model.offline') : undefined}>
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
      {value && description ? (
        <div className="model-card" data-testid="model-info">
          <div className="model-card-main">
            {description.text ? (
              // A model the app does not know is described in the catalog's own words.
              <span className="model-card-desc" translate={description.ours ? undefined : 'no'}>
                {description.text}
              </span>
            ) : (
              <span className="model-card-desc">{t('create:model.noDescription')}</span>
            )}
            {!value.model ? <span className="tag tag-warning">{t('create:model.unknown')}</span> : null}
          </div>
          <div className="model-card-side">
            <span className="model-card-price">{optionPrice(value)}</span>
            <code className="model-card-id" translate="no">
              {value.id}
            </code>
          </div>
        </div>
      ) : null}
    </Field>
  )
}
