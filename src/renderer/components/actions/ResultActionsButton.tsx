// The one entry point a result shows for its actions: a button that opens them, and the
// actions' keys while the focus is on that result (the key opens the menu on that action,
// with its model and price, so nothing is sent by a stray key).
import { useEffect, useRef } from 'react'
import type { LibraryEntry, LibraryFile } from '../../../shared/app/views'
import { useTranslation } from '../../i18n/page-i18n'
import { useResultActions } from '../../stores/result-actions'
import { Button } from '../../ui/Button'
import { ACTION_KEYS, actionForKey, type ResultAction } from './action-keys'
import { ActionsDialog } from './ActionsDialog'

const isAction = (a: string | null): a is ResultAction => ACTION_KEYS.some((k) => k.action === a)

/** Whether a result's output can be acted on: a saved image. */
export function canAct(entry: LibraryEntry, file: LibraryFile | undefined): file is LibraryFile {
  return entry.modality === 'image' && file?.state === 'saved' && file.role === 'image'
}

export function ResultActionsButton({ entry, file, size = 'sm' }: { entry: LibraryEntry; file: LibraryFile | undefined; size?: 'sm' | 'md' }) {
  const { t } = useTranslation()
  const ref = useRef<HTMLSpanElement>(null)
  const open = useResultActions((s) => (s.open?.jobId === entry.jobId ? s.open : null))
  const usable = canAct(entry, file)

  useEffect(() => {
    if (!usable) return
    const onKey = (e: KeyboardEvent) => {
      const card = ref.current?.closest('[data-testid="result"]')
      const target = e.target as HTMLElement | null
      if (!card || !target || !card.contains(target) || target.closest('input, textarea, select, [contenteditable="true"]')) return
      const action = actionForKey(e)
      if (!action) return
      e.preventDefault()
      useResultActions.getState().show(entry.jobId, action)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [usable, entry.jobId])

  if (entry.modality !== 'image') return null
  return (
    <span ref={ref} className="result-actions-anchor">
      <Button
        size={size}
        variant="primary"
        disabled={!usable}
        onClick={() => useResultActions.getState().show(entry.jobId, null)}
        title={t('tools:actions.openTitle')}
        data-testid="result-actions-open"
      >
        {t('tools:actions.open')}
      </Button>
      {open && usable ? (
        <ActionsDialog
          entry={entry}
          file={file}
          first={isAction(open.action) ? open.action : null}
          onClose={() => {
            useResultActions.getState().close()
            ref.current?.querySelector('button')?.focus()
          }}
        />
      ) : null}
    </span>
  )
}
