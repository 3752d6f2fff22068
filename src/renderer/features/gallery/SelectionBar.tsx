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
  const { t } = useTranslation()
  const [confirming, setConfirming] = useState(false)
  return confirming ? (
    <span className="confirm-inline" role="group" aria-label={t('gallery:detailActions.confirmRemoval')}>
      <Button size="sm" variant="danger" busy={busy} onClick={() => void onRemove().then(() => setConfirming(false))} data-testid="bulk-confirm-remove">
        {t('gallery:selection.removeCount', { count })}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
        {t('gallery:actions.keep')}
      </Button>
    </span>
  ) : (
    <Button size="sm" variant="ghost" disabled={busy} onClick={() => setConfirming(true)} data-testid="bulk-remove">
      {t('gallery:detailActions.remove')}
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
    <div className="selection-bar" role="toolbar" aria-label={t('gallery:selection.label')} data-testid="selection-bar">
      <strong data-testid="selection-count">{t('gallery:selection.count', { count })}</strong>
      <Button size="sm" disabled={busy} onClick={() => void run(() => useBoards.getState().setFavorite(list, true))} data-testid="bulk-favorite">
        ★ {t('gallery:selection.favourite')}
      </Button>
      <Button size="sm" variant="ghost" disabled={busy} onClick={() => void run(() => useBoards.getState().setFavorite(list, false))}>
        {t('gallery:selection.unfavourite')}
      </Button>
      <Select
        aria-label={t('gallery:selection.addToBoard')}
        data-testid="bulk-board"
        className="filter-select"
        value=""
        disabled={busy}
        emptyLabel={t('gallery:selection.addToBoardChoose')}
        options={[...boards.filter((b) => b.kind === 'board').map((b) => ({ value: b.id, label: b.name })), { value: NEW_BOARD, label: t('gallery:selection.newBoard') }]}
        onChange={(v) => void run(() => addToBoard(v))}
      />
      <Button size="sm" disabled={busy} onClick={() => setTagging(list)} data-testid="bulk-tags">
        {t('gallery:tags.open')}
      </Button>
      <Button size="sm" disabled={busy} onClick={() => void run(() => exportSelected(list))} data-testid="bulk-export">
        {t('gallery:selection.export')}
      </Button>
      <Button
        size="sm"
        disabled={count < 2 || count > COMPARE_MAX}
        title={count < 2 || count > COMPARE_MAX ? t('gallery:selection.compareHint', { max: COMPARE_MAX }) : t('gallery:selection.sideBySide')}
        onClick={() => setComparing(list)}
        data-testid="bulk-compare"
      >
        {t('gallery:selection.compare')}
      </Button>
      <Button size="sm" disabled={busy} title={t('gallery:selection.trainLoraHint')} onClick={() => void run(() => trainLoraFrom(list))} data-testid="bulk-train-lora">
        {t('gallery:selection.trainLora')}
      </Button>
      <BulkRemove count={count} busy={busy} onRemove={() => run(() => removeEntries(list))} />
      <Button size="sm" variant="ghost" className="selection-clear" onClick={() => useGallerySelection.getState().clear()} data-testid="selection-clear">
        {t('gallery:selection.clear')}
      </Button>
      {tagging ? <TagsDialog jobIds={tagging} onClose={() => setTagging(null)} /> : null}
      {comparing ? <CompareDialog jobIds={comparing} onClose={() => setComparing(null)} /> : null}
      {naming ? <BoardNameDialog title={t('gallery:selection.newBoardTitle', { count })} saveLabel={t('gallery:selection.createAndAdd')} onSave={addToNewBoard} onClose={() => setNaming(false)} /> : null}
    </div>
  )
}
