// Saved wildcard lists: write `__name__` in a prompt and each of the list's lines becomes
// its own job. Lists are made, changed and removed here, and kept across restarts.
import { useId, useState } from 'react'
import { useWildcardLists } from '../../../stores/wildcard-lists'
import { Trans, useTranslation } from '../../../i18n/page-i18n'
import { Button } from '../../../ui/Button'
import { Dialog } from '../../../ui/Dialog'
import { TextArea, TextInput } from '../../../ui/TextInput'

function ListEditor({ initialName, initialLines, onDone }: { initialName: string; initialLines: string[]; onDone(): void }) {
  const { t } = useTranslation()
  const ids = { name: useId(), lines: useId() }
  const [name, setName] = useState(initialName)
  const [lines, setLines] = useState(initialLines.join('\n'))
  const [problem, setProblem] = useState<string | null>(null)
  const save = () => {
    const error = useWildcardLists.getState().save(name.trim(), lines.split('\n'))
    if (error) setProblem(error)
    else {
      if (initialName && initialName !== name.trim()) useWildcardLists.getState().remove(initialName)
      onDone()
    }
  }
  return (
    <div className="wildcard-editor" data-testid="wildcard-editor">
      <label htmlFor={ids.name} className="field-label">
        {t('matrix:wildcards.name')}
      </label>
      <TextInput id={ids.name} value={name} onChange={(e) => setName(e.target.value)} placeholder={t('matrix:wildcards.namePlaceholder')} data-testid="wildcard-name" />
      <label htmlFor={ids.lines} className="field-label">
        {t('matrix:wildcards.lines')}
      </label>
      <TextArea id={ids.lines} rows={5} value={lines} onChange={(e) => setLines(e.target.value)} data-testid="wildcard-lines" />
      {problem ? (
        <p className="text-danger" role="alert" data-testid="wildcard-problem">
          {problem}
        </p>
      ) : null}
      <div className="wildcard-editor-actions">
        <Button variant="ghost" onClick={onDone}>
          {t('matrix:confirm.cancel')}
        </Button>
        <Button variant="primary" onClick={save} data-testid="wildcard-save">
          {t('matrix:wildcards.save')}
        </Button>
      </div>
    </div>
  )
}

function WildcardListsDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation()
  const lists = useWildcardLists((s) => s.lists)
  const remove = useWildcardLists((s) => s.remove)
  const [editing, setEditing] = useState<{ name: string; lines: string[] } | null>(null)
  const names = Object.keys(lists).sort()
  return (
    <Dialog open title={t('matrix:wildcards.title')} onClose={onClose} size="md" testId="wildcard-dialog">
      <p className="muted">
        <Trans
          t={t}
          i18nKey="matrix:wildcards.help"
          components={{ choices: <code translate="no">{'{a|b|c}'}</code>, brace: <code translate="no">{'\\{'}</code>, list: <code translate="no">__name__</code> }}
        />
      </p>
      {names.length === 0 && !editing ? <p className="muted">{t('matrix:wildcards.none')}</p> : null}
      <ul className="wildcard-lists">
        {names.map((name) => (
          <li key={name} data-testid="wildcard-list" data-name={name}>
            <code translate="no">__{name}__</code>{' '}
            <span className="muted">
              {t('matrix:wildcards.count', { count: lists[name]!.length })} <span translate="no">{lists[name]!.slice(0, 3).join(', ')}{lists[name]!.length > 3 ? ', …' : ''}</span>
            </span>
            <Button size="sm" variant="ghost" onClick={() => setEditing({ name, lines: lists[name]! })}>
              {t('matrix:wildcards.edit')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => remove(name)} aria-label={t('matrix:wildcards.removeLabel', { name: `__${name}__` })}>
              {t('matrix:run.remove')}
            </Button>
          </li>
        ))}
      </ul>
      {editing ? (
        <ListEditor key={editing.name} initialName={editing.name} initialLines={editing.lines} onDone={() => setEditing(null)} />
      ) : (
        <Button onClick={() => setEditing({ name: '', lines: [] })} data-testid="wildcard-new">
          {t('matrix:wildcards.new')}
        </Button>
      )}
    </Dialog>
  )
}

export function WildcardListsButton() {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" className="link-btn wildcard-open" onClick={() => setOpen(true)} data-testid="wildcard-open">
        <Trans t={t} i18nKey="matrix:wildcards.open" components={{ choices: <span translate="no">{'{a|b}'}</span> }} />
      </button>
      {open ? <WildcardListsDialog onClose={() => setOpen(false)} /> : null}
    </>
  )
}
