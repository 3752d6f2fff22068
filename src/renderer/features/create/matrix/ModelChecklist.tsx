// Several models at once for a matrix's rows: a searchable list of checkboxes over the
// current modality's models, chosen ones kept in sight even when the search hides them.
import { useId, useState } from 'react'
import { useTranslation } from '../../../i18n/page-i18n'
import { TextInput } from '../../../ui/TextInput'
import { optionPrice, type ModelOption } from '../../../components/composer/model-options'

interface Props {
  options: ModelOption[]
  chosen: string[]
  onChange(chosen: string[]): void
}

function matches(o: ModelOption, query: string): boolean {
  const q = query.trim().toLowerCase()
  if (!q) return true
  return [o.id, o.label, o.description, o.family ?? ''].some((t) => t.toLowerCase().includes(q))
}

export function ModelChecklist({ options, chosen, onChange }: Props) {
  const { t } = useTranslation()
  const [query, setQuery] = useState('')
  const searchId = useId()
  const shown = options.filter((o) => chosen.includes(o.id) || matches(o, query))
  const toggle = (id: string) => onChange(chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id])

  return (
    <fieldset className="matrix-models">
      <legend>{t('matrix:panel.models', { count: chosen.length })}</legend>
      <label className="visually-hidden" htmlFor={searchId}>
        {t('matrix:panel.search')}
      </label>
      <TextInput id={searchId} type="search" placeholder={t('matrix:panel.search')} value={query} onChange={(e) => setQuery(e.target.value)} data-testid="matrix-model-search" />
      <ul className="matrix-model-list" data-testid="matrix-models">
        {shown.map((o) => (
          <li key={o.id}>
            <label className="matrix-model">
              <input type="checkbox" checked={chosen.includes(o.id)} onChange={() => toggle(o.id)} data-testid="matrix-model" data-model={o.id} />
              <span className="matrix-model-name" translate="no">{o.label}</span>
              <span className="muted matrix-model-price">{optionPrice(o)}</span>
            </label>
          </li>
        ))}
        {shown.length === 0 ? <li className="muted">{t('matrix:panel.noMatch', { query })}</li> : null}
      </ul>
    </fieldset>
  )
}
