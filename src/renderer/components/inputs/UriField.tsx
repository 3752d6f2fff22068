// A URL parameter (image, mask, start frame…): drop a file or a gallery item to upload it,
// or paste a URL.
import { useTranslation } from '../../i18n/page-i18n'
import { describedBy, Field, type FieldError } from '../../ui/Field'
import { DropZone } from '../../ui/DropZone'
import { TextInput } from '../../ui/TextInput'
import { LIBRARY_DRAG_TYPE } from '../entries/drag-payload'
import { InputPreview } from './InputPreview'
import { acceptFor } from './uploading'
import { useDropUpload } from './use-drop-upload'

interface UriFieldProps {
  id: string
  label: string
  path: string
  fieldKey: string
  value: unknown
  required: boolean
  errors: FieldError[]
  onChange(value: string | undefined): void
  size?: 'md' | 'lg'
}

export function UriField({ id, label, path, fieldKey, value, required, errors, onChange, size = 'md' }: UriFieldProps) {
  const { t } = useTranslation()
  const url = typeof value === 'string' ? value : ''
  const upload = useDropUpload(path, onChange)
  const allErrors = upload.error ? [...errors, { path: `${path}#upload`, messages: [upload.error] }] : errors
  const noun = acceptFor(fieldKey).split('/')[0]

  return (
    <Field
      label={label}
      htmlFor={`${id}-url`}
      required={required}
      errors={allErrors}
      className="field-wide"
      aside={
        url ? (
          <button type="button" className="link-btn" onClick={() => onChange(undefined)}>
            {t('inputs:field.clear')}
          </button>
        ) : null
      }
    >
      <DropZone
        id={`${id}-file`}
        title={t(url ? 'inputs:field.replace' : 'inputs:field.drop', { kind: noun })}
        hint={t('inputs:field.dragHint')}
        accept={acceptFor(fieldKey)}
        size={size === 'lg' && !url ? 'lg' : 'md'}
        busy={upload.busy}
        onFiles={upload.onFiles}
        extraTypes={[LIBRARY_DRAG_TYPE]}
        onDropData={upload.onDropData}
        testId={`dropzone-${path}`}
        pickLabel={t('inputs:field.choose', { field: label })}
      >
        {url ? <InputPreview url={url} large={size === 'lg'} /> : null}
      </DropZone>
      <TextInput
        id={`${id}-url`}
        className="url-input"
        placeholder={t('inputs:field.paste')}
        value={url}
        onChange={(e) => onChange(e.target.value.trim() === '' ? undefined : e.target.value.trim())}
        data-path={path}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={describedBy(`${id}-url`, allErrors, false)}
      />
    </Field>
  )
}
