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

interface DetailActionsProps {
  entry: LibraryEntry
  /** The file selected in the detail view. */
  file: LibraryFile | undefined
  onClose(): void
}

async function copyPrompt(entry: LibraryEntry): Promise<void> {
  try {
    await navigator.clipboard.writeText(entry.prompt ?? '')
    toast.success('Prompt copied')
  } catch {
    toast.error('Could not copy: the clipboard is not available here')
  }
}

async function reveal(entry: LibraryEntry, file: LibraryFile): Promise<void> {
  const r = await call('library.reveal', { jobId: entry.jobId, index: file.index })
  if (!r.ok) toast.error(r.error.message)
}

/** Remove…, then Remove for good or Keep. The files wait in the trash for a while, so the toast can undo it. */
function RemoveButton({ entry, onClose }: { entry: LibraryEntry; onClose(): void }) {
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
    toast.withAction('Removed from the library', {
      label: 'Undo',
      run: () => void call('library.restore', { jobId }).then((back) => (back.ok ? useLibrary.getState().upsert(back.data) : toast.error(back.error.message)))
    }, LIBRARY_UNDO_WINDOW_MS)
  }
  return confirming ? (
    <span className="confirm-inline" role="group" aria-label="Confirm removal">
      <Button variant="danger" busy={removing} onClick={() => void remove()} data-testid="confirm-remove">
        Remove for good
      </Button>
      <Button variant="ghost" onClick={() => setConfirming(false)}>
        Keep
      </Button>
    </span>
  ) : (
    <Button variant="ghost" onClick={() => setConfirming(true)} data-testid="remove-entry">
      Remove…
    </Button>
  )
}

export function DetailActions({ entry, file, onClose }: DetailActionsProps) {
  const saved = file?.state === 'saved'
  const remixable = canRemix(entry)
  const src = file ? fileUrl(file) : null
  return (
    <div className="detail-actions">
      <Button
        variant="primary"
        disabled={!saved || !remixable}
        title={remixable ? 'Open Create with this prompt, its settings and this file as the input' : `No ${entry.modality} model takes an input file`}
        onClick={() => file && void remixFromLibrary(entry, file.index)}
        data-testid="use-as-input"
      >
        Use as input
      </Button>
      <ToolActions entry={entry} file={file} onOpened={onClose} />
      <Button
        onClick={() => {
          remixSettings(entry)
          onClose()
        }}
        title="Open Create with this prompt and its settings"
        data-testid="remix"
      >
        Remix
      </Button>
      <Button disabled={!saved} onClick={() => file && void reveal(entry, file)} data-testid="reveal-file">
        Show in folder
      </Button>
      {src && file ? (
        <a className="btn btn-secondary btn-md" href={src} download={downloadName(entry, file)} data-testid="export-file">
          Export
        </a>
      ) : null}
      <Button disabled={!entry.prompt} onClick={() => void copyPrompt(entry)} data-testid="copy-prompt">
        Copy prompt
      </Button>
      <Button
        variant="ghost"
        aria-pressed={entry.favorite}
        onClick={() => void useBoards.getState().setFavorite([entry.jobId], !entry.favorite)}
        data-testid="detail-favorite"
      >
        {entry.favorite ? '★ Favourite' : '☆ Favourite'}
      </Button>
      <RemoveButton entry={entry} onClose={onClose} />
    </div>
  )
}
