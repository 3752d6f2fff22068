// The generated form of a model's parameter block: file inputs first, then settings.
import type { FieldSpec } from '../../forms/field-spec'
import { isInputField } from '../../forms/field-spec'
import { errorsAt } from '../../forms/field-errors'
import type { ValidationDetails } from '../../../shared/api'
import type { FieldError } from '../../ui/Field'
import { problemText } from '../../forms/problem-text'
import { useTranslation } from '../../i18n/page-i18n'
import { ParamField } from './ParamField'

interface ParamsFormProps {
  idPrefix: string
  fields: FieldSpec[]
  params: Record<string, unknown>
  details: ValidationDetails
  onChange(spec: FieldSpec, value: unknown): void
  /** Fields rendered elsewhere (a tool's big image drop zone). */
  hidden?: string[]
  /** The seed is kept or redrawn between runs here (Create). */
  seedLockable?: boolean
  /** The service's published defaults, by key, shown for unset fields. */
  defaults?: Record<string, number>
}

/** A field's problems, each said in the page's language. */
export function fieldErrors(details: ValidationDetails, path: string): FieldError[] {
  return errorsAt(details, path).map(([p, messages]) => ({ path: p, messages: messages.map(problemText) }))
}

export function ParamsForm({ idPrefix, fields, params, details, onChange, hidden = [], seedLockable = false, defaults = {} }: ParamsFormProps) {
  const { t } = useTranslation()
  const shown = fields.filter((f) => !hidden.includes(f.key))
  const inputs = shown.filter(isInputField)
  const settings = shown.filter((f) => !isInputField(f))
  if (shown.length === 0) return <p className="muted">{t('params:none')}</p>

  const render = (f: FieldSpec) => (
    <ParamField key={f.key} spec={f} idPrefix={idPrefix} value={params[f.key]} errors={fieldErrors(details, f.path)} onChange={(v) => onChange(f, v)} seedLockable={seedLockable} defaultValue={defaults[f.key]} />
  )

  return (
    <div className="params-form" data-testid="params-form">
      {inputs.length > 0 ? (
        <fieldset className="param-group">
          <legend>{t('params:group.inputs')}</legend>
          <div className="param-grid">{inputs.map(render)}</div>
        </fieldset>
      ) : null}
      {settings.length > 0 ? (
        <fieldset className="param-group">
          <legend>{t('params:group.settings')}</legend>
          <div className="param-grid">{settings.map(render)}</div>
        </fieldset>
      ) : null}
    </div>
  )
}
