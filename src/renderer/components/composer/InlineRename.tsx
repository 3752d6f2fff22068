// A name edited in place: Enter or leaving the field keeps it, Escape takes it back.
import { useState } from 'react'
import { TextInput } from '../../ui/TextInput'

interface InlineRenameProps {
  name: string
  label: string
  onDone(name: string | null): void
}

export function InlineRename({ name, label, onDone }: InlineRenameProps) {
  const [value, setValue] = useState(name)
  const finish = () => onDone(value.trim() === '' || value === name ? null : value)
  return (
    <TextInput
      aria-label={label}
      value={value}
      maxLength={120}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- the user just asked to rename this item
      autoFocus
      data-testid="rename-input"
      onChange={(e) => setValue(e.target.value)}
      onBlur={finish}
      onKeyDown={(e) => {
        if (e.key === 'Enter') finish()
        if (e.key === 'Escape') {
          // The panel closes on Escape too; here it only ends the rename.
          e.preventDefault()
          onDone(null)
        }
      }}
    />
  )
}
