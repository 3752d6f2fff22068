// What can be done with the output a detail view shows: use it as an input, edit, remix,
// show, export, copy its prompt, favourite it, or remove it (asked first, undoable for a
// while from the toast).
import { useState } from 'react'
import { LIBRARY_UNDO_WINDOW_MS } from '../../../shared/app/undo'
import type { LibraryEntry, LibraryFile } from '../../../shared/app/views'
import { call } from '../../api/client'
import { useBoards } from '../../stores/boards'
import { useLibrary } from '../../stores/library'
import { toast } from '../../stores/toasts'
import { Button } from '../../ui/Button'
import { fileUrl } from '../../components/entries/entry-media'
import { downloadName } from './export-files'
import { canRemix, remixFromLibrary, remixSettings } from '../../components/actions/remix'
import { ToolActions } from '../../components/actions/ToolActions'
import { t, useTranslation } from '../../i18n/page-i18n'

interface DetailActionsProps {
  entry: LibraryEntry
  /** The file selected in the detail view. */
  file: LibraryFile | undefined
  onClose(): void
}

async function copyPrompt(entry: LibraryEntry): Promise<void> {
  try {
    await navigator.clipboard.writeText(entry.prompt ?? '')
    toast.success(t('gallery:detailActions.copied'))
  } catch {
    toast.error(t('gallery:detailActions.copyFailed'))
  }
}

async function reveal(entry: LibraryEntry, file: LibraryFile): Promise<void> {
  const r = await call('library.reveal', { jobId: entry.jobId, index: file.index })
  if (!r.ok) toast.error(r.error.message)
}

/** Remove…, then Remove for good or Keep. The files wait in the trash for a while, so the toast can undo it. */
function RemoveButton({ entry, onClose }: { entry: LibraryEntry; onClose(): void }) {
  const { t } = useTranslation()
  const [confirming, setConfirming] = useState(false)
  const [removing, setRemoving] = useState(false)
  const remove = async () => {
    setRemoving(true)
    const r = await call('library.remove', { jobId: entry.jobId })
    setRemoving(false)
    if (!r.ok) return toast.error(r.error.message)
    useLibrary.getState().remove(entry.jobId)
    // Close first: the list shifts under the removed entry, and the viewer follows the list.
    onClose()
    const jobId = entry.jobId
    toast.withAction(t('gallery:detailActions.removed'), {
      label: t('gallery:look.undo'),
      run: () => void call('library.restore', { jobId }).then((back) => (back.ok ? useLibrary.getState().upsert(back.data) : toast.error(back.error.message)))
    }, LIBRARY_UNDO_WINDOW_MS)
  }
  return confirming ? (
    <span className="confirm-inline" role="group" aria-label={t('gallery:detailActions.confirmRemoval')}>
      <Button variant="danger" busy={removing} onClick={() => void remove()} data-testid="confirm-remove">
        {t('gallery:detailActions.removeForGood')}
      </Button>
      <Button variant="ghost" onClick={() => setConfirming(false)}>
        {t('gallery:actions.keep')}
      </Button>
    </span>
  ) : (
    <Button variant="ghost" onClick={() => setConfirming(true)} data-testid="remove-entry">
      {t('gallery:detailActions.remove')}
    </Button>
  )
}

export function DetailActions({ entry, file, onClose }: DetailActionsProps) {
  const { t } = useTranslation()
  const saved = file?.state === 'saved'
  const remixable = canRemix(entry)
  const src = file ? fileUrl(file) : null
  return (
    <div className="detail-actions">
      <Button
        variant="primary"
        disabled={!saved || !remixable}
        title={remixable ? t('gallery:detailActions.useAsInputHint') : t('gallery:detailActions.noInputHint', { modality: entry.modality })}
        onClick={() => file && void remixFromLibrary(entry, file.index)}
        data-testid="use-as-input"
      >
        {t('gallery:detailActions.useAsInput')}
      </Button>
      <ToolActions entry={entry} file={file} onOpened={onClose} />
      <Button
        onClick={() => {
          remixSettings(entry)
          onClose()
        }}
        title={t('gallery:detailActions.remixHint')}
        data-testid="remix"
      >
        {t('gallery:detailActions.remix')}
      </Button>
      <Button disabled={!saved} onClick={() => file && void reveal(entry, file)} data-testid="reveal-file">
        {t('gallery:detailActions.reveal')}
      </Button>
      {src && file ? (
        <a className="btn btn-secondary btn-md" href={src} download={downloadName(entry, file)} data-testid="export-file">
          {t('gallery:detailActions.export')}
        </a>
      ) : null}
      <Button disabled={!entry.prompt} onClick={() => void copyPrompt(entry)} data-testid="copy-prompt">
        {t('gallery:detailActions.copyPrompt')}
      </Button>
      <Button
        variant="ghost"
        aria-pressed={entry.favorite}
        onClick={() => void useBoards.getState().setFavorite([entry.jobId], !entry.favorite)}
        data-testid="detail-favorite"
      >
        {entry.favorite ? '★' : '☆'} {t('gallery:detailActions.favourite')}
      </Button>
      <RemoveButton entry={entry} onClose={onClose} />
    </div>
  )
}
