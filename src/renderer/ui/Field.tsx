// A labelled form row: label tied to its control, an optional hint, and the validation
// messages for its path (each carries its path for tests and for screen readers).
import type { ReactNode } from 'react'
import { useTranslation } from '../i18n/page-i18n'

export interface FieldError {
  path: string
  messages: string[]
}

interface FieldProps {
  label: ReactNode
  htmlFor: string
  hint?: ReactNode
  required?: boolean
  errors?: FieldError[]
  /** Shown at the right of the label, e.g. a counter or a reset link. */
  aside?: ReactNode
  className?: string
  children: ReactNode
}

export function errorId(htmlFor: string): string {
  return `${htmlFor}-errors`
}

export function hintId(htmlFor: string): string {
  return `${htmlFor}-hint`
}

export function labelId(htmlFor: string): string {
  return `${htmlFor}-label`
}

/**
 * What a control's aria-describedby names: its messages while it has some, else its hint,
 * so a screen reader reads the problem with the field it belongs to.
 */
export function describedBy(htmlFor: string, errors: FieldError[], hasHint: boolean): string | undefined {
  if (errors.some((e) => e.messages.length > 0)) return errorId(htmlFor)
  return hasHint ? hintId(htmlFor) : undefined
}

export function Field({ label, htmlFor, hint, required, errors = [], aside, className, children }: FieldProps) {
  const { t } = useTranslation()
  const hasErrors = errors.some((e) => e.messages.length > 0)
  return (
    <div className={`field${hasErrors ? ' has-error' : ''}${className ? ` ${className}` : ''}`}>
      <div className="field-head">
        <label htmlFor={htmlFor} id={labelId(htmlFor)} className="field-label">
          {label}
          {required ? <span className="field-required" aria-label={t('common:field.required')}> *</span> : null}
        </label>
        {aside ? <div className="field-aside">{aside}</div> : null}
      </div>
      {children}
      {hint && !hasErrors ? <div className="field-hint" id={hintId(htmlFor)}>{hint}</div> : null}
      <FieldErrors id={errorId(htmlFor)} errors={errors} />
    </div>
  )
}

export function FieldErrors({ id, errors }: { id?: string; errors: FieldError[] }) {
  if (!errors.some((e) => e.messages.length > 0)) return null
  return (
    <ul className="field-errors" id={id}>
      {errors.map((e) => (
        <li key={e.path} className="field-error" data-testid="field-error" data-path={e.path}>
          {e.messages.join('; ')}
        </li>
      ))}
    </ul>
  )
}
