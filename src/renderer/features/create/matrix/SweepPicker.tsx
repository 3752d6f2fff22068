// The one parameter a sweep varies, and its values: typed as a list for a number
// ("0.4, 0.8, 1.2", checked against its bounds), ticked for a choice among options.
import { useId } from 'react'
import type { FieldSpec } from '../../../forms/field-spec'
import { Select } from '../../../ui/Select'
import { TextInput } from '../../../ui/TextInput'

export interface Sweep {
  field: string
  /** The values of a number field, as typed. */
  text: string
  /** The chosen options of an enum field. */
  options: (string | number)[]
}

interface Props {
  fields: FieldSpec[]
  sweep: Sweep
  onChange(sweep: Sweep): void
}

function bounds(f: FieldSpec): string {
  return `${f.integer ? 'whole numbers ' : ''}from ${f.min} to ${f.max}, separated by commas`
}

export function SweepPicker({ fields, sweep, onChange }: Props) {
  const fieldId = useId()
  const valuesId = useId()
  const field = fields.find((f) => f.key === sweep.field)
  if (fields.length === 0) return <p className="muted">This model has no parameter with a bounded range or a set of choices to vary.</p>

  return (
    <div className="matrix-sweep">
      <div className="matrix-row">
        <label htmlFor={fieldId} className="field-label">
          Parameter
        </label>
        <Select
          id={fieldId}
          value={sweep.field}
          emptyLabel="Choose a parameter"
          options={fields.map((f) => ({ value: f.key, label: f.label }))}
          onChange={(key) => onChange({ field: key, text: '', options: [] })}
          data-testid="matrix-sweep-field"
        />
      </div>
      {field?.kind === 'number' ? (
        <div className="matrix-row">
          <label htmlFor={valuesId} className="field-label">
            Values
          </label>
          <TextInput
            id={valuesId}
            value={sweep.text}
            placeholder={`${field.min}, ${field.max}`}
            aria-describedby={`${valuesId}-hint`}
            onChange={(e) => onChange({ ...sweep, text: e.target.value })}
            data-testid="matrix-sweep-values"
          />
          <span id={`${valuesId}-hint`} className="muted">
            {bounds(field)}
          </span>
        </div>
      ) : field?.kind === 'enum' ? (
        <fieldset className="matrix-sweep-options">
          <legend>Values</legend>
          {(field.options ?? []).map((o) => (
            <label key={String(o)} className="matrix-inline">
              <input
                type="checkbox"
                checked={sweep.options.includes(o)}
                onChange={() => onChange({ ...sweep, options: sweep.options.includes(o) ? sweep.options.filter((x) => x !== o) : [...sweep.options, o] })}
                data-testid="matrix-sweep-option"
              />
              {String(o)}
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  )
}
