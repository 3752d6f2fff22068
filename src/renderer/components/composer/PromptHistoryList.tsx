// The prompts sent from Create, newest first, searchable by their words or model; one
// click puts a prompt back with the model and settings it was sent with.
import { useState } from 'react'
import { formatRelative } from '../../format/dates'
import { useTranslation } from '../../i18n/page-i18n'
import { HISTORY_MAX, usePromptLibrary } from '../../stores/prompt-library'
import { Button } from '../../ui/Button'
import { TextInput } from '../../ui/TextInput'
import { applyHistory } from './prompt-apply'

export function PromptHistoryList() {
  const { t } = useTranslation()
  const history = usePromptLibrary((s) => s.history)
  const [query, setQuery] = useState('')
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  const shown = history.filter((h) => words.every((w) => h.prompt.toLowerCase().includes(w) || (h.modelId ?? '').toLowerCase().includes(w)))
  return (
    <div className="prompt-tab">
      <TextInput
        type="search"
        aria-label={t('create:history.search')}
        placeholder={t('create:history.searchPlaceholder')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        data-testid="history-search"
      />
      <p className="muted list-count" aria-live="polite">
        {history.length === 0 ? t('create:history.empty') : t('create:history.count', { shown: shown.length, count: history.length, max: HISTORY_MAX })}
      </p>
      <ul className="row-list prompt-items" aria-label={t('create:history.label')}>
        {shown.map((h) => (
          <li key={h.id} className="prompt-item" data-testid="history-item">
            <div className="prompt-item-text">
              <span className="prompt-item-prompt" title={h.prompt} translate="no">
                {h.prompt}
              </span>
              <span className="prompt-item-meta">
                {h.modelId ? <span translate="no">{h.modelId}</span> : t('create:history.noModel')} · {formatRelative(h.at)}
              </span>
            </div>
            <Button size="sm" onClick={() => applyHistory(h)} aria-label={t('create:history.useAgain', { prompt: h.prompt.slice(0, 60) })} data-testid="history-use">
              {t('create:item.use')}
            </Button>
            <button type="button" className="icon-btn" aria-label={t('create:history.remove', { prompt: h.prompt.slice(0, 60) })} onClick={() => usePromptLibrary.getState().remove('history', h.id)}>
              ×
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
