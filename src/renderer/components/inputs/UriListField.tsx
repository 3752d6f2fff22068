// A list of URL inputs (reference images…) up to the family's maximum: drop several
// files at once, drag gallery items in, or add URLs one by one.
import { useState } from 'react'
import { useTranslation } from '../../i18n/page-i18n'
import { Button } from '../../ui/Button'
import { DropZone } from '../../ui/DropZone'
import { describedBy, Field, type FieldError } from '../../ui/Field'
import { TextInput } from '../../ui/TextInput'
import { LIBRARY_DRAG_TYPE } from '../entries/drag-payload'
import { InputPreview } from './InputPreview'
import { acceptFor } from './uploading'
import { useDropUpload } from './use-drop-upload'

interface UriListFieldProps {
  id: string
  label: string
  path: string
  fieldKey: string
  value: unknown
  maxItems: number | undefined
  nullable: boolean
  errors: FieldError[]
  onChange(value: string[] | undefined): void
}

export function UriListField({ id, label, path, fieldKey, value, maxItems, errors, onChange }: UriListFieldProps) {
  const { t } = useTranslation()
  const items = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
  const [pending, setPending] = useState('')
  // Uploads of one drop finish one at a time: each adds itself and those before it.
  const upload = useDropUpload(path, (url, uploadedBefore) => onChange([...items, ...uploadedBefore, url]))
  const full = maxItems !== undefined && items.length >= maxItems
  const allErrors = upload.error ? [...errors, { path: `${path}#upload`, messages: [upload.error] }] : errors

  const removeAt = (index: number) => {
    const next = items.filter((_, i) => i !== index)
    onChange(next.length > 0 ? next : undefined)
  }

  return (
    <Field
      label={label}
      htmlFor={`${id}-url`}
      errors={allErrors}
      className="field-wide"
      aside={<span className={`counter${maxItems !== undefined && items.length > maxItems ? ' is-over' : ''}`}>{maxItems !== undefined ? t('inputs:list.countOf', { count: items.length, max: maxItems }) : t('inputs:list.count', { count: items.length })}</span>}
    >
      {items.length > 0 ? (
        <ul className="input-list">
          {items.map((url, i) => (
            <li key={`${i}-${url}`} className="input-list-item">
              <InputPreview url={url} />
              <button type="button" className="icon-btn" aria-label={t('inputs:list.remove', { position: i + 1 })} onClick={() => removeAt(i)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <DropZone
        id={`${id}-files`}
        title={full ? t('inputs:list.full', { max: maxItems ?? 0 }) : t('inputs:list.drop')}
        hint={maxItems !== undefined ? t('inputs:list.dragHintMax', { max: maxItems }) : t('inputs:list.dragHint')}
        accept={acceptFor(fieldKey)}
        multiple
        size="sm"
        disabled={full}
        busy={upload.busy}
        onFiles={(files) => upload.onFiles(maxItems !== undefined ? files.slice(0, maxItems - items.length) : files)}
        extraTypes={[LIBRARY_DRAG_TYPE]}
        onDropData={upload.onDropData}
        testId={`dropzone-${path}`}
        pickLabel={t('inputs:list.choose', { field: label })}
      />
      <form
        className="inline-add"
        onSubmit={(e) => {
          e.preventDefault()
          if (pending.trim() === '') return
          onChange([...items, pending.trim()])
          setPending('')
        }}
      >
        <TextInput id={`${id}-url`} placeholder={t('inputs:list.paste')} value={pending} onChange={(e) => setPending(e.target.value)} disabled={full} aria-describedby={describedBy(`${id}-url`, allErrors, false)} />
        <Button type="submit" size="sm" disabled={full || pending.trim() === ''}>
          {t('inputs:list.add')}
        </Button>
      </form>
    </Field>
  )
}
