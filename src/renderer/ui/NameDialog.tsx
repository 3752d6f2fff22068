// A small dialog of one to a few text fields with Cancel and one action: naming a board,
// renaming a LoRA, the prompt and strengths of "Try it". Enter in a field acts as the
// action. The action stays disabled while a required field is blank or `check` finds a
// problem; `onSave` answers true to close, false to stay (the caller has said why), or
// the problems it was told, by field, to show at their fields and stay.
import { useState, type ReactNode } from 'react'
import { useTranslation } from '../i18n/page-i18n'
import { Button } from './Button'
import { Dialog } from './Dialog'
import { Field } from './Field'
import { TextInput } from './TextInput'

export interface NameField {
  /** The key of its value, in `values` and in problems. */
  name: string
  /** The input's id and test id. */
  id: string
  label: string
  initial?: string
  maxLength?: number
  required?: boolean
  hint?: string
}

export type FieldValues = Record<string, string>
export type FieldProblems = Record<string, string[]>

interface NameDialogProps {
  title: ReactNode
  testId: string
  /** The fields, the first one focused. */
  fields: readonly NameField[]
  saveLabel: string
  saveTestId?: string
  /** Problems with the values as typed, shown at once. */
  check?(values: FieldValues): FieldProblems
  onSave(values: FieldValues): Promise<boolean | FieldProblems>
  onClose(): void
  /** Words above the fields. */
  children?: ReactNode
  /** Cancel's and the × button's words, in the caller's language. */
  cancelLabel?: string
  closeLabel?: string
}

export function NameDialog({ title, testId, fields, saveLabel, saveTestId, check, onSave, onClose, children, cancelLabel, closeLabel }: NameDialogProps) {
  const { t } = useTranslation()
  const [values, setValues] = useState<FieldValues>(() => Object.fromEntries(fields.map((f) => [f.name, f.initial ?? ''])))
  const [busy, setBusy] = useState(false)
  const [answered, setAnswered] = useState<FieldProblems>({})
  const shown = { ...answered, ...(check?.(values) ?? {}) }
  const blocked = fields.some((f) => f.required && (values[f.name] ?? '').trim() === '') || Object.values(check?.(values) ?? {}).some((m) => m.length > 0)

  const save = async () => {
    if (blocked || busy) return
    setBusy(true)
    const outcome = await onSave(values)
    setBusy(false)
    if (outcome === true) onClose()
    else if (outcome !== false) setAnswered(outcome)
  }

  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      closeLabel={closeLabel}
      size="sm"
      testId={testId}
      initialFocusId={fields[0]?.id}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {cancelLabel ?? t('common:kit.cancel')}
          </Button>
          <Button variant="primary" busy={busy} disabled={blocked} onClick={() => void save()} data-testid={saveTestId}>
            {saveLabel}
          </Button>
        </>
      }
    >
      {children}
      {fields.map((f) => (
        <Field key={f.name} label={f.label} htmlFor={f.id} required={f.required} hint={f.hint} errors={shown[f.name]?.length ? [{ path: f.name, messages: shown[f.name]! }] : []}>
          <TextInput
            id={f.id}
            data-testid={f.id}
            value={values[f.name] ?? ''}
            maxLength={f.maxLength}
            onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return
              e.preventDefault()
              void save()
            }}
          />
        </Field>
      ))}
    </Dialog>
  )
}
