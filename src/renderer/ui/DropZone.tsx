// A drop target for files from the desktop (and, through `extraTypes`/`onDropData`, for
// items dragged inside the app), with a real file picker button for keyboard users.
import { useRef, useState, type ReactNode } from 'react'
import { useTranslation } from '../i18n/page-i18n'
import { useDropTarget } from './use-drop-target'

interface DropZoneProps {
  id: string
  /** What to drop, e.g. "Drop an image". */
  title: string
  hint?: ReactNode
  accept?: string
  multiple?: boolean
  disabled?: boolean
  busy?: boolean
  size?: 'sm' | 'md' | 'lg'
  onFiles(files: File[]): void
  /** MIME types of in-app drags this zone takes besides files. */
  extraTypes?: string[]
  /** Handles a drop without files; returns true when it used the data. */
  onDropData?(data: DataTransfer): boolean
  children?: ReactNode
  testId?: string
  describedBy?: string
  /** Accessible name of the picker button, e.g. "Choose file for Mask": it starts with the button's visible text, so speech input finds the button by what it shows. */
  pickLabel?: string
}

export function DropZone({ id, title, hint, accept, multiple, disabled, busy, size = 'md', onFiles, extraTypes = [], onDropData, children, testId, describedBy, pickLabel }: DropZoneProps) {
  const { t } = useTranslation()
  const input = useRef<HTMLInputElement>(null)
  const [rejected, setRejected] = useState<string | null>(null)
  const drop = useDropTarget(
    (types) => !disabled && (types.includes('Files') || extraTypes.some((t) => types.includes(t))),
    (data) => {
      const dropped = [...data.files]
      const files = dropped.filter((f) => !accept || matchesAccept(f, accept))
      setRejected(dropped.length > files.length ? t('common:kit.dropZone.rejected', { count: dropped.length - files.length, accept }) : null)
      if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1))
      else if (dropped.length === 0) onDropData?.(data)
    }
  )

  return (
    <div
      className={`dropzone dropzone-${size}${drop.over ? ' is-over' : ''}${disabled ? ' is-disabled' : ''}${busy ? ' is-busy' : ''}`}
      data-testid={testId}
      {...drop.handlers}
    >
      {children}
      <div className="dropzone-prompt">
        <div className="dropzone-title">{busy ? t('common:kit.dropZone.uploading') : title}</div>
        {hint ? <div className="dropzone-hint">{hint}</div> : null}
        <button type="button" className="btn btn-secondary btn-sm" disabled={disabled || busy} onClick={() => input.current?.click()} aria-describedby={describedBy} aria-label={pickLabel}>
          {t(multiple ? 'common:kit.dropZone.chooseFiles' : 'common:kit.dropZone.chooseFile')}
        </button>
        <input
          ref={input}
          id={id}
          type="file"
          className="visually-hidden"
          tabIndex={-1}
          aria-label={pickLabel ?? title}
          accept={accept}
          multiple={multiple}
          onChange={(e) => {
            const files = [...(e.target.files ?? [])]
            e.target.value = ''
            setRejected(null)
            if (files.length > 0) onFiles(files)
          }}
        />
      </div>
      {rejected ? (
        <div className="dropzone-rejected" role="alert">
          {rejected}
        </div>
      ) : null}
    </div>
  )
}

function matchesAccept(file: File, accept: string): boolean {
  return accept.split(',').some((rule) => {
    const r = rule.trim().toLowerCase()
    if (r.endsWith('/*')) return file.type.toLowerCase().startsWith(r.slice(0, -1))
    if (r.startsWith('.')) return file.name.toLowerCase().endsWith(r)
    return file.type.toLowerCase() === r
  })
}
