// Prompts kept by name: the current one saved with a click, each put back, renamed or deleted.
import { useState } from 'react'
import { useTranslation } from '../../i18n/page-i18n'
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
  const { t } = useTranslation()
  const saved = usePromptLibrary((s) => s.saved)
  const [renaming, setRenaming] = useState<string | null>(null)
  return (
    <div className="prompt-tab">
      <Button size="sm" disabled={prompt.trim() === ''} onClick={() => usePromptLibrary.getState().save(nameOf(prompt), prompt)} data-testid="save-prompt">
        {t('create:saved.save')}
      </Button>
      {saved.length === 0 ? <p className="muted list-count">{t('create:saved.empty')}</p> : null}
      <ul className="row-list prompt-items" aria-label={t('create:saved.label')}>
        {saved.map((p) => (
          <li key={p.id} className="prompt-item" data-testid="saved-item">
            <div className="prompt-item-text">
              {renaming === p.id ? (
                <InlineRename
                  name={p.name}
                  label={t('create:item.newName', { name: p.name })}
                  onDone={(name) => {
                    if (name) usePromptLibrary.getState().rename('saved', p.id, name)
                    setRenaming(null)
                  }}
                />
              ) : (
                <span className="prompt-item-name" translate="no">
                  {p.name}
                </span>
              )}
              <span className="prompt-item-meta" title={p.prompt} translate="no">
                {p.prompt}
              </span>
            </div>
            <Button size="sm" onClick={() => applySavedPrompt(p.prompt)} aria-label={t('create:item.useNamed', { name: p.name })} data-testid="saved-use">
              {t('create:item.use')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setRenaming(p.id)} aria-label={t('create:item.renameNamed', { name: p.name })} data-testid="saved-rename">
              {t('create:item.rename')}
            </Button>
            <button type="button" className="icon-btn" aria-label={t('create:item.deleteNamed', { name: p.name })} onClick={() => usePromptLibrary.getState().remove('saved', p.id)} data-testid="saved-delete">
              ×
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
