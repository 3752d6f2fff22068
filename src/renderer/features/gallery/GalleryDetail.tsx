// The detail view of one output: the media, its facts, its files, and what can be done
// with it. Opened from the gallery, it steps to the previous or next item with the arrow
// keys or its buttons.
import { useEffect, useState } from 'react'
import { LIBRARY_UNDO_WINDOW_MS } from '../../../shared/app/undo'
import type { LibraryEntry } from '../../../shared/app/views'
import { call } from '../../api/client'
import { useLibrary } from '../../stores/library'
import { toast } from '../../stores/toasts'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { useBoards } from '../../stores/boards'
import { entryTitle, fileUrl, primaryFile } from './entry-media'
import { downloadName } from './export-files'
import { EntryFacts } from './EntryFacts'
import { FileTable } from './FileTable'
import { MediaViewer } from './MediaViewer'
import { canRemix, remixFromLibrary, remixSettings } from './remix'
import { ToolActions } from '../tools/ToolActions'
import { canCompare, SourceCompare } from '../tools/source/SourceCompare'

interface GalleryDetailProps {
  entry: LibraryEntry
  onClose(): void
  /** Where the entry sits in the gallery's list, when opened from it. */
  position?: { index: number; total: number }
  /** Moves to the previous (-1) or next (+1) item. */
  onStep?(delta: number): void
  /** Another id for a viewer opened over this one (the source of an edit), so titles stay unique. */
  testId?: string
}

/** Arrow keys typed into a field move its caret, not the viewer. */
const isTyping = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))

export function GalleryDetail({ entry, onClose, position, onStep, testId = 'gallery-detail' }: GalleryDetailProps) {
  const [selected, setSelected] = useState(() => primaryFile(entry)?.index ?? 0)
  const [confirming, setConfirming] = useState(false)
  const [removing, setRemoving] = useState(false)
  const file = entry.files.find((f) => f.index === selected) ?? primaryFile(entry)
  const saved = file?.state === 'saved'
  const remixable = canRemix(entry)
  // The output this one was made from, opened over it from "Made from".
  const [source, setSource] = useState<LibraryEntry | null>(null)

  useEffect(() => {
    if (!onStep || source) return
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target) || e.altKey || e.ctrlKey || e.metaKey) return
      if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
        e.preventDefault()
        onStep(e.key === 'ArrowLeft' ? -1 : 1)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [onStep, source])

  const copyPrompt = async () => {
    try {
      await navigator.clipboard.writeText(entry.prompt ?? '')
      toast.success('Prompt copied')
    } catch {
      toast.error('Could not copy: the clipboard is not available here')
    }
  }

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
    // Close first: the list shifts under the removed entry, and the viewer follows the list.
    onClose()
    const jobId = entry.jobId
    // The files wait in the trash for a while, so the delete can be taken back.
    toast.withAction('Removed from the library', {
      label: 'Undo',
      run: () => void call('library.restore', { jobId }).then((back) => (back.ok ? useLibrary.getState().upsert(back.data) : toast.error(back.error.message)))
    }, LIBRARY_UNDO_WINDOW_MS)
  }
  const src = file ? fileUrl(file) : null

  return (
    <Dialog open title={entryTitle(entry)} onClose={onClose} size="xl" testId={testId}>
      <div className="detail">
        <div className="detail-media">
          <MediaViewer entry={entry} file={file} />
          {position && onStep ? (
            <div className="detail-nav" role="group" aria-label="Browse">
              <button type="button" className="icon-btn" aria-label="Previous item" aria-keyshortcuts="ArrowLeft" data-testid="detail-prev" disabled={position.index === 0} onClick={() => onStep(-1)}>
                ‹
              </button>
              <span data-testid="detail-position">
                {(position.index + 1).toLocaleString()} of {position.total.toLocaleString()}
              </span>
              <button type="button" className="icon-btn" aria-label="Next item" aria-keyshortcuts="ArrowRight" data-testid="detail-next" disabled={position.index >= position.total - 1} onClick={() => onStep(1)}>
                ›
              </button>
            </div>
          ) : null}
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
            <Button disabled={!saved} onClick={() => void reveal()} data-testid="reveal-file">
              Show in folder
            </Button>
            {src && file ? (
              <a className="btn btn-secondary btn-md" href={src} download={downloadName(entry, file)} data-testid="export-file">
                Export
              </a>
            ) : null}
            <Button disabled={!entry.prompt} onClick={() => void copyPrompt()} data-testid="copy-prompt">
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
          {canCompare(entry, file) ? (
            <section className="detail-compare">
              <h3 className="facts-head">Before and after</h3>
              <SourceCompare entry={entry} file={file} />
            </section>
          ) : null}
          <EntryFacts entry={entry} onOpenSource={setSource} />
          <h3 className="facts-head">Files</h3>
          <FileTable files={entry.files} selected={file?.index ?? 0} onSelect={setSelected} />
        </div>
      </div>
      {source ? <GalleryDetail entry={source} onClose={() => setSource(null)} testId={`${testId}-source`} /> : null}
    </Dialog>
  )
}
