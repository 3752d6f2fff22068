// The training images of a new LoRA: files dropped or picked from disk and outputs taken
// from the gallery, shown together as thumbnails, each removable, counted against the
// service's 15..30. Gallery outputs stay in the library: main reads them when training starts.
import { useEffect, useMemo } from 'react'
import { LORA_IMAGES_MAX, LORA_IMAGES_MIN } from '../../../shared/api'
import { libraryUrl } from '../../api/transport'
import type { LibraryPick } from '../../stores/loras'
import { DropZone } from '../../ui/DropZone'
import { Field, type FieldError } from '../../ui/Field'
import { toast } from '../../stores/toasts'
import { useTranslation } from '../../i18n/page-i18n'
import { LIBRARY_DRAG_TYPE, readLibraryDrag } from '../../components/entries/drag-payload'
import { datasetFromDrag } from './library-drop'

interface LoraImagesFieldProps {
  files: File[]
  picks: LibraryPick[]
  onFiles(files: File[]): void
  onPicks(picks: LibraryPick[]): void
  /** Adds outputs dragged in from the app to the picks there are by then. */
  onAddPicks(picks: LibraryPick[]): void
  errors: FieldError[]
}

export function LoraImagesField({ files, picks, onFiles, onPicks, onAddPicks, errors }: LoraImagesFieldProps) {
  const { t } = useTranslation()
  const previews = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files])
  useEffect(() => () => previews.forEach((u) => URL.revokeObjectURL(u)), [previews])

  const count = files.length + picks.length
  const inRange = count >= LORA_IMAGES_MIN && count <= LORA_IMAGES_MAX
  const add = (more: File[]) => {
    // The same file dropped twice would train on a duplicate; skip it.
    const key = (f: File) => `${f.name}:${f.size}:${f.lastModified}`
    const seen = new Set(files.map(key))
    onFiles([...files, ...more.filter((f) => !seen.has(key(f)))])
  }

  return (
    <Field
      label={t('loras:images.label')}
      htmlFor="lora-images"
      required
      errors={errors}
      className="field-wide"
      hint={t('loras:images.hint', { min: LORA_IMAGES_MIN, max: LORA_IMAGES_MAX })}
      aside={
        <span className={`counter${count > 0 && !inRange ? ' is-over' : inRange ? ' is-ok' : ''}`} data-testid="lora-image-count">
          {t('loras:images.count', { count, min: LORA_IMAGES_MIN, max: LORA_IMAGES_MAX })}
        </span>
      }
    >
      <DropZone
        id="lora-images"
        title={t('loras:images.dropTitle')}
        hint={t('loras:images.dropHint')}
        accept="image/*"
        multiple
        disabled={count >= LORA_IMAGES_MAX}
        onFiles={add}
        extraTypes={[LIBRARY_DRAG_TYPE]}
        onDropData={(data) => {
          const item = readLibraryDrag(data)
          if (!item) return false
          void datasetFromDrag(item).then((d) => (d.refusal ? toast.warning(d.refusal) : onAddPicks(d.picks)))
          return true
        }}
        testId="lora-images-drop"
      />
      {count > 0 ? (
        <ul className="lora-thumbs" data-testid="lora-thumbs">
          {picks.map((p) => (
            <li key={`${p.jobId}:${p.index}`} className="lora-thumb is-library" data-testid="lora-thumb" data-source="library" title={t('loras:images.fromGallery', { label: p.label })}>
              <img src={libraryUrl(p.thumbnail ?? p.path)} alt={p.label} loading="lazy" />
              <button type="button" className="icon-btn lora-thumb-remove" aria-label={t('loras:images.remove', { name: p.label })} onClick={() => onPicks(picks.filter((q) => q !== p))}>
                ×
              </button>
            </li>
          ))}
          {files.map((f, i) => (
            <li key={`${f.name}-${f.lastModified}-${i}`} className="lora-thumb" data-testid="lora-thumb" data-source="file" title={f.name}>
              <img src={previews[i]} alt={f.name} />
              <button type="button" className="icon-btn lora-thumb-remove" aria-label={t('loras:images.remove', { name: f.name })} onClick={() => onFiles(files.filter((_, j) => j !== i))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </Field>
  )
}
