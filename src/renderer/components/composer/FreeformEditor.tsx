// For a catalog model the registry does not know: its request properties as raw JSON,
// sent as written (the engine and the service still validate them).
import { Trans, useTranslation } from '../../i18n/page-i18n'
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
  const { t } = useTranslation()
  // The request's own names, written as the service reads them.
  const code = {
    model: <code translate="no">model</code>,
    text: <code translate="no">prompt</code>,
    example: <code translate="no">{`{"${blockHint ?? ''}": {…}}`}</code>
  }
  return (
    <Field
      label={t('create:freeform.label')}
      htmlFor={id}
      errors={errors}
      className="field-wide"
      hint={<Trans t={t} i18nKey={blockHint ? 'create:freeform.hintExample' : 'create:freeform.hint'} components={code} />}
    >
      <TextArea id={id} data-testid="freeform-json" className="mono" rows={8} value={value} onChange={(e) => onChange(e.target.value)} spellCheck={false} aria-describedby={describedBy(id, errors, true)} />
    </Field>
  )
}
