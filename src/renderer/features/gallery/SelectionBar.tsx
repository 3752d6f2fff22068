// The bar shown while tiles are selected: favourite, add to a board, export, compare,
// train a LoRA on them or remove them all at once, or clear the selection (Escape does too).
import { useEffect, useState } from 'react'
import { useBoards } from '../../stores/boards'
import { useGallerySelection } from '../../stores/gallery-selection'
import { Button } from '../../ui/Button'
import { Select } from '../../ui/Select'
import { BoardNameDialog } from './BoardNameDialog'
import { TagsDialog } from './TagsDialog'
import { useTranslation } from '../../i18n/page-i18n'
import { exportSelected, removeEntries, trainLoraFrom } from './bulk-actions'
import { COMPARE_MAX, CompareDialog } from '../../components/media/CompareDialog'
import { formatNumber } from '../../format/numbers'

const NEW_BOARD = '__new__'

/** Escape clears a selection, unless an open dialog takes it for itself. */
function useEscapeClears(count: number): void {
  useEffect(() => {
    if (count === 0) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !document.querySelector('dialog[open]')) useGallerySelection.getState().clear()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [count])
}

/** Remove…, then Remove N or Keep. */
function BulkRemove({ count, busy, onRemove }: { count: number; busy: boolean; onRemove(): Promise<void> }) {
  const [confirming, setConfirming] = useState(false)
  return confirming ? (
    <span className="confirm-inline" role="group" aria-label="Confirm removal">
      <Button size="sm" variant="danger" busy={busy} onClick={() => void onRemove().then(() => setConfirming(false))} data-testid="bulk-confirm-remove">
        Remove {formatNumber(count)}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
        Keep
      </Button>
    </span>
  ) : (
    <Button size="sm" variant="ghost" disabled={busy} onClick={() => setConfirming(true)} data-testid="bulk-remove">
      Remove…
    </Button>
  )
}

export function SelectionBar() {
  const ids = useGallerySelection((s) => s.ids)
  const boards = useBoards((s) => s.boards)
  const [busy, setBusy] = useState(false)
  const [naming, setNaming] = useState(false)
  const [tagging, setTagging] = useState<string[] | null>(null)
  const { t } = useTranslation()
  // Taken when Compare is pressed, so the dialog keeps its items while the selection changes.
  const [comparing, setComparing] = useState<string[] | null>(null)
  const count = ids.size

  useEscapeClears(count)

  if (count === 0) return null
  const list = [...ids]
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true)
    try {
      await action()
    } finally {
      setBusy(false)
    }
  }
  const addToBoard = async (value: string) => {
    if (value === NEW_BOARD) return setNaming(true)
    if (value) await useBoards.getState().setMembers(value, list, true)
  }
  const addToNewBoard = async (name: string) => {
    const board = await useBoards.getState().create(name)
    return board !== null && (await useBoards.getState().setMembers(board.id, list, true))
  }

  return (
    <div className="selection-bar" role="toolbar" aria-label="Selected items" data-testid="selection-bar">
      <strong data-testid="selection-count">{formatNumber(count)} selected</strong>
      <Button size="sm" disabled={busy} onClick={() => void run(() => useBoards.getState().setFavorite(list, true))} data-testid="bulk-favorite">
        ★ Favourite
      </Button>
      <Button size="sm" variant="ghost" disabled={busy} onClick={() => void run(() => useBoards.getState().setFavorite(list, false))}>
        Unfavourite
      </Button>
      <Select
        aria-label="Add to board"
        data-testid="bulk-board"
        className="filter-select"
        value=""
        disabled={busy}
        emptyLabel="Add to board…"
        options={[...boards.filter((b) => b.kind === 'board').map((b) => ({ value: b.id, label: b.name })), { value: NEW_BOARD, label: 'New board…' }]}
        onChange={(v) => void run(() => addToBoard(v))}
      />
      <Button size="sm" disabled={busy} onClick={() => setTagging(list)} data-testid="bulk-tags">
        {t('gallery:tags.open')}
      </Button>
      <Button size="sm" disabled={busy} onClick={() => void run(() => exportSelected(list))} data-testid="bulk-export">
        Export
      </Button>
      <Button
        size="sm"
        disabled={count < 2 || count > COMPARE_MAX}
        title={count < 2 || count > COMPARE_MAX ? `Select 2 to ${COMPARE_MAX} items to compare them` : 'Side by side'}
        onClick={() => setComparing(list)}
        data-testid="bulk-compare"
      >
        Compare
      </Button>
      <Button size="sm" disabled={busy} title="Open the LoRA form with the selected images" onClick={() => void run(() => trainLoraFrom(list))} data-testid="bulk-train-lora">
        Train a LoRA…
      </Button>
      <BulkRemove count={count} busy={busy} onRemove={() => run(() => removeEntries(list))} />
      <Button size="sm" variant="ghost" className="selection-clear" onClick={() => useGallerySelection.getState().clear()} data-testid="selection-clear">
        Clear
      </Button>
      {tagging ? <TagsDialog jobIds={tagging} onClose={() => setTagging(null)} /> : null}
      {comparing ? <CompareDialog jobIds={comparing} onClose={() => setComparing(null)} /> : null}
      {naming ? <BoardNameDialog title={`New board with ${formatNumber(count)} item${count === 1 ? '' : 's'}`} saveLabel="Create and add" onSave={addToNewBoard} onClose={() => setNaming(false)} /> : null}
    </div>
  )
}
