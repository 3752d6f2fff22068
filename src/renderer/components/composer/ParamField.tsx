// One generated control for one parameter, chosen by the field's kind.
import type { FieldSpec } from '../../forms/field-spec'
import { describedBy, Field, labelId, type FieldError } from '../../ui/Field'
import { NumberInput } from '../../ui/NumberInput'
import { RangeNumber } from '../../ui/RangeNumber'
import { Segmented } from '../../ui/Segmented'
import { SearchSelect } from '../../ui/SearchSelect'
import { TextArea, TextInput } from '../../ui/TextInput'
import { Toggle } from '../../ui/Toggle'
import { UriField } from '../inputs/UriField'
import { UriListField } from '../inputs/UriListField'
import { JsonField } from './JsonField'
import { LoraField } from './LoraField'
import { SeedField } from './SeedField'
import { labelFor } from '../../forms/field-labels'
import { optionLabel } from '../../forms/option-labels'
import { useTranslation, type PageT } from '../../i18n/page-i18n'

export interface ParamFieldProps {
  spec: FieldSpec
  idPrefix: string
  value: unknown
  errors: FieldError[]
  onChange(value: unknown): void
  size?: 'md' | 'lg'
  /** The seed is kept or redrawn between runs here (Create). */
  seedLockable?: boolean
  /** What the service uses when the field is left unset, where published. */
  defaultValue?: number
}

export function fieldId(prefix: string, path: string): string {
  return `${prefix}-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`
}

/** An unset field sends nothing: the service's default applies, and the field says so. */
function DefaultMark({ value }: { value: number | undefined }) {
  const { t } = useTranslation()
  return (
    <span className="default-mark" data-testid="default-mark" title={value === undefined ? t('params:default.serviceDecides') : t('params:default.serviceUses', { value })}>
      {t('params:default.mark')}
    </span>
  )
}

function ResetLink({ onReset }: { onReset(): void }) {
  const { t } = useTranslation()
  return (
    <button type="button" className="link-btn" onClick={onReset} title={t('params:default.resetTitle')}>
      {t('params:default.reset')}
    </button>
  )
}

const RATIO_PATTERN = '^\\d+:\\d+$'

function textHint(spec: FieldSpec, t: PageT): string | undefined {
  if (spec.pattern === RATIO_PATTERN) return t('params:hint.ratio')
  return spec.maxLength !== undefined ? t('params:hint.maxLength', { max: spec.maxLength }) : undefined
}

function rangeHint(spec: FieldSpec, t: PageT): string | undefined {
  if (spec.min !== undefined && spec.max !== undefined) return t(spec.integer ? 'params:hint.wholeRange' : 'params:hint.numberRange', { min: spec.min, max: spec.max })
  return spec.integer ? t('params:hint.whole') : undefined
}

/** Enums this short are shown whole, as segments; longer ones are searched by typing. */
const SEGMENTED_MAX = 5
/** A slider is worth it while its steps stay meaningful (not for seeds and the like). */
const SLIDER_MAX_SPAN = 10_000

function slidable(spec: FieldSpec): spec is FieldSpec & { min: number; max: number } {
  return spec.min !== undefined && spec.max !== undefined && spec.max > spec.min && (!spec.integer || spec.max - spec.min <= SLIDER_MAX_SPAN)
}

export function ParamField({ spec, idPrefix, value, errors, onChange, size, seedLockable = false, defaultValue }: ParamFieldProps) {
  const { t } = useTranslation()
  const id = fieldId(idPrefix, spec.path)
  const label = labelFor(spec.key)
  const reset = spec.required ? null : value !== undefined ? <ResetLink onReset={() => onChange(undefined)} /> : <DefaultMark value={defaultValue} />
  const defaultLabel = defaultValue === undefined ? t('params:default.option') : t('params:default.optionValue', { value: defaultValue })
  const common = { label, htmlFor: id, required: spec.required, errors }

  switch (spec.kind) {
    case 'uri':
      return <UriField id={id} label={label} path={spec.path} fieldKey={spec.key} value={value} required={spec.required} errors={errors} onChange={onChange} size={size} />
    case 'uri-list':
      return <UriListField id={id} label={label} path={spec.path} fieldKey={spec.key} value={value} maxItems={spec.maxItems} nullable={spec.nullable} errors={errors} onChange={onChange} />
    case 'lora':
      return <LoraField id={id} label={label} value={value} required={spec.required} errors={errors} onChange={onChange} />
    case 'json':
      return <JsonField id={id} label={label} value={value} required={spec.required} errors={errors} onChange={onChange} />
    case 'enum': {
      const options = spec.options ?? []
      const pick = (v: string) => onChange(v === '' ? undefined : (options.find((o) => String(o) === v) ?? v))
      const current = value === undefined || value === null ? '' : String(value)
      if (options.length <= SEGMENTED_MAX) {
        const segments = [...(spec.required ? [] : [{ value: '', label: defaultLabel }]), ...options.map((o) => ({ value: String(o), label: optionLabel(o) }))]
        return (
          <Field {...common} aside={reset}>
            <Segmented id={id} value={current} options={segments} onChange={pick} labelledBy={labelId(id)} describedBy={describedBy(id, errors, false)} invalid={errors.length > 0} />
          </Field>
        )
      }
      return (
        <Field {...common} aside={reset}>
          <SearchSelect
            id={id}
            value={current}
            onChange={pick}
            emptyLabel={spec.required ? undefined : defaultLabel}
            placeholder={t('params:choose')}
            options={options.map((o) => ({ value: String(o), label: optionLabel(o) }))}
            invalid={errors.length > 0}
            describedBy={describedBy(id, errors, false)}
          />
        </Field>
      )
    }
    case 'number': {
      if (spec.key === 'seed' && spec.integer) return <SeedField id={id} label={label} value={value} min={spec.min} max={spec.max} errors={errors} bounds={rangeHint(spec, t)} lockable={seedLockable} onChange={onChange} />
      const hint = rangeHint(spec, t)
      const described = describedBy(id, errors, hint !== undefined)
      return (
        <Field {...common} aside={reset} hint={hint}>
          {slidable(spec) ? (
            <RangeNumber id={id} label={label} value={value} min={spec.min} max={spec.max} integer={spec.integer} describedBy={described} errors={errors} onChange={onChange} fallback={defaultValue} />
          ) : (
            <NumberInput id={id} value={value} onChange={onChange} min={spec.min} max={spec.max} integer={spec.integer} {...(defaultValue !== undefined ? { placeholder: String(defaultValue) } : {})} aria-invalid={errors.length > 0 || undefined} aria-describedby={described} />
          )}
        </Field>
      )
    }
    case 'boolean':
      return (
        <Field {...common} aside={reset} className="field-toggle">
          <Toggle id={id} checked={value === true} onChange={onChange} label={t(value === undefined ? 'params:toggle.serviceDefault' : value ? 'params:toggle.on' : 'params:toggle.off')} />
        </Field>
      )
    case 'text': {
      const text = typeof value === 'string' ? value : ''
      const set = (v: string) => onChange(v === '' ? undefined : v)
      const described = describedBy(id, errors, textHint(spec, t) !== undefined)
      return (
        <Field {...common} aside={reset} className={spec.multiline ? 'field-wide' : undefined} hint={textHint(spec, t)}>
          {spec.multiline ? (
            <TextArea id={id} rows={2} value={text} onChange={(e) => set(e.target.value)} aria-invalid={errors.length > 0 || undefined} aria-describedby={described} />
          ) : (
            <TextInput id={id} value={text} onChange={(e) => set(e.target.value)} placeholder={spec.pattern === RATIO_PATTERN ? '16:9' : undefined} aria-invalid={errors.length > 0 || undefined} aria-describedby={described} />
          )}
        </Field>
      )
    }
  }
}
