// Asks for a board's name, to create one or rename it. `onSave` answers false to keep the
// dialog open (the store has already said why).
import { useState } from 'react'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { Field } from '../../ui/Field'
import { TextInput } from '../../ui/TextInput'

interface BoardNameDialogProps {
  title: string
  initial?: string
  saveLabel: string
  onSave(name: string): Promise<boolean>
  onClose(): void
}

export function BoardNameDialog({ title, initial = '', saveLabel, onSave, onClose }: BoardNameDialogProps) {
  const [name, setName] = useState(initial)
  const [busy, setBusy] = useState(false)
  const save = async () => {
    setBusy(true)
    const ok = await onSave(name.trim())
    setBusy(false)
    if (ok) onClose()
  }
  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      size="sm"
      testId="board-name-dialog"
      initialFocusId="board-name"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" busy={busy} disabled={name.trim() === ''} onClick={() => void save()} data-testid="board-name-save">
            {saveLabel}
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault()
          if (name.trim()) void save()
        }}
      >
        <Field label="Name" htmlFor="board-name" required>
          <TextInput id="board-name" data-testid="board-name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </Field>
      </form>
    </Dialog>
  )
}
