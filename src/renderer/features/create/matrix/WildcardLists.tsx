// Saved wildcard lists: write `__name__` in a prompt and each of the list's lines becomes
// its own job. Lists are made, changed and removed here, and kept across restarts.
import { useId, useState } from 'react'
import { useWildcardLists } from '../../../stores/wildcard-lists'
import { Button } from '../../../ui/Button'
import { Dialog } from '../../../ui/Dialog'
import { TextArea, TextInput } from '../../../ui/TextInput'

function ListEditor({ initialName, initialLines, onDone }: { initialName: string; initialLines: string[]; onDone(): void }) {
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
        Name
      </label>
      <TextInput id={ids.name} value={name} onChange={(e) => setName(e.target.value)} placeholder="colours" data-testid="wildcard-name" />
      <label htmlFor={ids.lines} className="field-label">
        Lines, one choice each
      </label>
      <TextArea id={ids.lines} rows={5} value={lines} onChange={(e) => setLines(e.target.value)} data-testid="wildcard-lines" />
      {problem ? (
        <p className="text-danger" role="alert" data-testid="wildcard-problem">
          {problem}
        </p>
      ) : null}
      <div className="wildcard-editor-actions">
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button variant="primary" onClick={save} data-testid="wildcard-save">
          Save list
        </Button>
      </div>
    </div>
  )
}

function WildcardListsDialog({ onClose }: { onClose(): void }) {
  const lists = useWildcardLists((s) => s.lists)
  const remove = useWildcardLists((s) => s.remove)
  const [editing, setEditing] = useState<{ name: string; lines: string[] } | null>(null)
  const names = Object.keys(lists).sort()
  return (
    <Dialog open title="Prompt wildcards" onClose={onClose} size="md" testId="wildcard-dialog">
      <p className="muted">
        <code>{'{a|b|c}'}</code> in a prompt sends one job for each choice (choices nest; <code>{'\\{'}</code> writes a brace).{' '}
        <code>__name__</code> sends one for each line of the list of that name. Several wildcards combine, and the total is confirmed before sending.
      </p>
      {names.length === 0 && !editing ? <p className="muted">No saved lists yet.</p> : null}
      <ul className="wildcard-lists">
        {names.map((name) => (
          <li key={name} data-testid="wildcard-list" data-name={name}>
            <code>__{name}__</code> <span className="muted">{lists[name]!.length} lines: {lists[name]!.slice(0, 3).join(', ')}{lists[name]!.length > 3 ? ', …' : ''}</span>
            <Button size="sm" variant="ghost" onClick={() => setEditing({ name, lines: lists[name]! })}>
              Edit
            </Button>
            <Button size="sm" variant="ghost" onClick={() => remove(name)} aria-label={`Remove __${name}__`}>
              Remove
            </Button>
          </li>
        ))}
      </ul>
      {editing ? (
        <ListEditor key={editing.name} initialName={editing.name} initialLines={editing.lines} onDone={() => setEditing(null)} />
      ) : (
        <Button onClick={() => setEditing({ name: '', lines: [] })} data-testid="wildcard-new">
          New list…
        </Button>
      )}
    </Dialog>
  )
}

export function WildcardListsButton() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" className="link-btn wildcard-open" onClick={() => setOpen(true)} data-testid="wildcard-open">
        Wildcards: {'{a|b}'} and saved lists…
      </button>
      {open ? <WildcardListsDialog onClose={() => setOpen(false)} /> : null}
    </>
  )
}
