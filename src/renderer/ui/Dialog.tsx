// A modal on the native <dialog>: focus trapping, Escape and a click on the backdrop
// (`closedby="any"`) come from the browser rather than from code here.
import { useEffect, useRef, type ReactNode } from 'react'
import { useTranslation } from '../i18n/page-i18n'

interface DialogProps {
  open: boolean
  /** A string, or a message with the user's own words marked (a LoRA's name). */
  title: ReactNode
  onClose(): void
  children: ReactNode
  footer?: ReactNode
  size?: 'sm' | 'md' | 'lg' | 'xl'
  testId?: string
  /** The id of the element to focus on opening; by default the browser focuses the first focusable one (the Close button). */
  initialFocusId?: string
  /** What the close button says to a screen reader, in the page's language where the caller has it. */
  closeLabel?: string
}

export function Dialog({ open, title, onClose, children, footer, size = 'md', testId, initialFocusId, closeLabel }: DialogProps) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      dialog.showModal()
      if (initialFocusId) dialog.querySelector<HTMLElement>(`#${CSS.escape(initialFocusId)}`)?.focus()
    }
    if (!open && dialog.open) dialog.close()
  }, [open, initialFocusId])

  return (
    <dialog
      ref={ref}
      className={`dialog dialog-${size}`}
      aria-labelledby={testId ? `${testId}-title` : undefined}
      data-testid={testId}
      closedby="any"
      onClose={onClose}
    >
      {open ? (
        <div className="dialog-frame">
          <header className="dialog-head">
            <h2 id={testId ? `${testId}-title` : undefined} className="dialog-title">{title}</h2>
            <button type="button" className="icon-btn" aria-label={closeLabel ?? t('common:kit.close')} onClick={onClose}>
              ×
            </button>
          </header>
          <div className="dialog-body">{children}</div>
          {footer ? <footer className="dialog-foot">{footer}</footer> : null}
        </div>
      ) : null}
    </dialog>
  )
}
