// Prompts kept by name: the current one saved with a click, each put back, renamed or deleted.
import { useState } from 'react'
import { usePromptLibrary } from '../../stores/prompt-library'
import { Button } from '../../ui/Button'
import { InlineRename } from './InlineRename'
import { applySavedPrompt } from './prompt-apply'

/** A saved prompt's first name: its first words. */
const nameOf = (prompt: string) => {
  const t = prompt.trim().replace(/\s+/g, ' ')
  return t.length > 40 ? `${t.slice(0, 39)}…` : t
}

export function SavedPromptsList({ prompt }: { prompt: string }) {
  const saved = usePromptLibrary((s) => s.saved)
  const [renaming, setRenaming] = useState<string | null>(null)
  return (
    <div className="prompt-tab">
      <Button size="sm" disabled={prompt.trim() === ''} onClick={() => usePromptLibrary.getState().save(nameOf(prompt), prompt)} data-testid="save-prompt">
        Save the current prompt
      </Button>
      {saved.length === 0 ? <p className="muted list-count">Saved prompts appear here.</p> : null}
      <ul className="row-list prompt-items" aria-label="Saved prompts">
        {saved.map((p) => (
          <li key={p.id} className="prompt-item" data-testid="saved-item">
            <div className="prompt-item-text">
              {renaming === p.id ? (
                <InlineRename
                  name={p.name}
                  label={`New name for ${p.name}`}
                  onDone={(name) => {
                    if (name) usePromptLibrary.getState().rename('saved', p.id, name)
                    setRenaming(null)
                  }}
                />
              ) : (
                <span className="prompt-item-name">{p.name}</span>
              )}
              <span className="prompt-item-meta" title={p.prompt}>{p.prompt}</span>
            </div>
            <Button size="sm" onClick={() => applySavedPrompt(p.prompt)} aria-label={`Use ${p.name}`} data-testid="saved-use">
              Use
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setRenaming(p.id)} aria-label={`Rename ${p.name}`} data-testid="saved-rename">
              Rename
            </Button>
            <button type="button" className="icon-btn" aria-label={`Delete ${p.name}`} onClick={() => usePromptLibrary.getState().remove('saved', p.id)} data-testid="saved-delete">
              ×
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
