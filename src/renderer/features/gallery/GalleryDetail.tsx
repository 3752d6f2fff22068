// The detail view of one output: the media, its facts, its files, and what can be done
// with it.
import { useState } from 'react'
import { LIBRARY_UNDO_WINDOW_MS } from '../../../shared/app/undo'
import type { LibraryEntry } from '../../../shared/app/views'
import { call } from '../../api/client'
import { useLibrary } from '../../stores/library'
import { toast } from '../../stores/toasts'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { entryTitle, primaryFile } from './entry-media'
import { EntryFacts } from './EntryFacts'
import { FileTable } from './FileTable'
import { MediaViewer } from './MediaViewer'
import { canRemix, remixFromLibrary } from './remix'

interface GalleryDetailProps {
  entry: LibraryEntry
  onClose(): void
}

export function GalleryDetail({ entry, onClose }: GalleryDetailProps) {
  const [selected, setSelected] = useState(() => primaryFile(entry)?.index ?? 0)
  const [confirming, setConfirming] = useState(false)
  const [removing, setRemoving] = useState(false)
  const file = entry.files.find((f) => f.index === selected) ?? primaryFile(entry)
  const saved = file?.state === 'saved'
  const remixable = canRemix(entry)

  const reveal = async () => {
    if (!file) return
    const r = await call('library.reveal', { jobId: entry.jobId, index: file.index })
    if (!r.ok) toast.error(r.error.message)
  }
  const remove = async () => {
    setRemoving(true)
    const r = await call('library.remove', { jobId: entry.jobId })
    setRemoving(false)
    if (!r.ok) return toast.error(r.error.message)
    useLibrary.getState().remove(entry.jobId)
    const jobId = entry.jobId
    // The files wait in the trash for a while, so the delete can be taken back.
    toast.withAction('Removed from the library', {
      label: 'Undo',
      run: () => void call('library.restore', { jobId }).then((back) => (back.ok ? useLibrary.getState().upsert(back.data) : toast.error(back.error.message)))
    }, LIBRARY_UNDO_WINDOW_MS)
    onClose()
  }

  return (
    <Dialog open title={entryTitle(entry)} onClose={onClose} size="xl" testId="gallery-detail">
      <div className="detail">
        <div className="detail-media">
          <MediaViewer entry={entry} file={file} />
        </div>
        <div className="detail-side">
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
            <Button disabled={!saved} onClick={() => void reveal()} data-testid="reveal-file">
              Show in folder
            </Button>
            {confirming ? (
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
            )}
          </div>
          {/* A disabled button's tooltip is easy to miss; say why in the open. */}
          {!remixable ? (
            <p className="detail-note" data-testid="remix-unavailable">
              No {entry.modality} model takes an input file, so this output cannot be used as an input.
            </p>
          ) : null}
          <EntryFacts entry={entry} />
          <h3 className="facts-head">Files</h3>
          <FileTable files={entry.files} selected={file?.index ?? 0} onSelect={setSelected} />
        </div>
      </div>
    </Dialog>
  )
}
