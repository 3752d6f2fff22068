// The training images of a new LoRA: dropped or picked, shown as thumbnails, counted
// against the service's 15..30.
import { useEffect, useMemo } from 'react'
import { LORA_IMAGES_MAX, LORA_IMAGES_MIN } from '../../../shared/api'
import { DropZone } from '../../ui/DropZone'
import { Field, type FieldError } from '../../ui/Field'

interface LoraImagesFieldProps {
  files: File[]
  onChange(files: File[]): void
  errors: FieldError[]
}

export function LoraImagesField({ files, onChange, errors }: LoraImagesFieldProps) {
  const previews = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files])
  useEffect(() => () => previews.forEach((u) => URL.revokeObjectURL(u)), [previews])

  const count = files.length
  const inRange = count >= LORA_IMAGES_MIN && count <= LORA_IMAGES_MAX
  const add = (more: File[]) => {
    // The same file dropped twice would train on a duplicate; skip it.
    const key = (f: File) => `${f.name}:${f.size}:${f.lastModified}`
    const seen = new Set(files.map(key))
    onChange([...files, ...more.filter((f) => !seen.has(key(f)))])
  }

  return (
    <Field
      label="Training images"
      htmlFor="lora-images"
      required
      errors={errors}
      className="field-wide"
      hint={`Between ${LORA_IMAGES_MIN} and ${LORA_IMAGES_MAX} images of the subject, varied in pose, light and background.`}
      aside={
        <span className={`counter${count > 0 && !inRange ? ' is-over' : inRange ? ' is-ok' : ''}`} data-testid="lora-image-count">
          {count} / {LORA_IMAGES_MIN}–{LORA_IMAGES_MAX}
        </span>
      }
    >
      <DropZone id="lora-images" title="Drop images here" hint="PNG, JPEG, WebP or GIF" accept="image/*" multiple disabled={count >= LORA_IMAGES_MAX} onFiles={add} testId="lora-images-drop" />
      {count > 0 ? (
        <ul className="lora-thumbs">
          {files.map((f, i) => (
            <li key={`${f.name}-${f.lastModified}-${i}`} className="lora-thumb">
              <img src={previews[i]} alt={f.name} />
              <button type="button" className="icon-btn lora-thumb-remove" aria-label={`Remove ${f.name}`} onClick={() => onChange(files.filter((_, j) => j !== i))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </Field>
  )
}
