// The prompts sent from Create, newest first, searchable by their words or model; one
// click puts a prompt back with the model and settings it was sent with.
import { useState } from 'react'
import { formatRelative } from '../../format/dates'
import { HISTORY_MAX, usePromptLibrary } from '../../stores/prompt-library'
import { Button } from '../../ui/Button'
import { TextInput } from '../../ui/TextInput'
import { applyHistory } from './prompt-apply'

export function PromptHistoryList() {
  const history = usePromptLibrary((s) => s.history)
  const [query, setQuery] = useState('')
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  const shown = history.filter((h) => words.every((w) => h.prompt.toLowerCase().includes(w) || (h.modelId ?? '').toLowerCase().includes(w)))
  return (
    <div className="prompt-tab">
      <TextInput
        type="search"
        aria-label="Search the prompt history"
        placeholder="Search prompts or models…"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        data-testid="history-search"
      />
      <p className="muted list-count" aria-live="polite">
        {history.length === 0 ? 'Prompts you send appear here.' : `${shown.length} of ${history.length} (the last ${HISTORY_MAX} are kept)`}
      </p>
      <ul className="row-list prompt-items" aria-label="Prompt history">
        {shown.map((h) => (
          <li key={h.id} className="prompt-item" data-testid="history-item">
            <div className="prompt-item-text">
              <span className="prompt-item-prompt" title={h.prompt}>{h.prompt}</span>
              <span className="prompt-item-meta">
                {h.modelId ?? 'no model'} · {formatRelative(h.at)}
              </span>
            </div>
            <Button size="sm" onClick={() => applyHistory(h)} aria-label={`Use again: ${h.prompt.slice(0, 60)}`} data-testid="history-use">
              Use
            </Button>
            <button type="button" className="icon-btn" aria-label={`Remove from history: ${h.prompt.slice(0, 60)}`} onClick={() => usePromptLibrary.getState().remove('history', h.id)}>
              ×
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
