// For a catalog model the registry does not know: its request properties as raw JSON,
// sent as written (the engine and the service still validate them).
import { describedBy, Field, type FieldError } from '../../ui/Field'
import { TextArea } from '../../ui/TextInput'

interface FreeformEditorProps {
  id: string
  value: string
  blockHint: string | null
  errors: FieldError[]
  onChange(value: string): void
}

export function FreeformEditor({ id, value, blockHint, errors, onChange }: FreeformEditorProps) {
  return (
    <Field
      label="Request properties (JSON)"
      htmlFor={id}
      errors={errors}
      className="field-wide"
      hint={
        <>
          Added to the request beside <code>model</code> and <code>prompt</code>
          {blockHint ? (
            <>
              , for example <code>{`{"${blockHint}": {…}}`}</code>
            </>
          ) : null}
          .
        </>
      }
    >
      <TextArea id={id} data-testid="freeform-json" className="mono" rows={8} value={value} onChange={(e) => onChange(e.target.value)} spellCheck={false} aria-describedby={describedBy(id, errors, true)} />
    </Field>
  )
}
