// The boards' menu beside the board picker: a new board or folder (inside the folder picked),
// and for the board or folder the gallery shows, rename, move into a folder, or delete (asked
// to confirm in place). One button, so picking a board adds no row of tools.
import { useState } from 'react'
import { useTranslation } from '../../i18n/page-i18n'
import { useBoards } from '../../stores/boards'
import { MenuButton, MenuGroup, MenuItem, MenuSeparator } from '../../ui/MenuButton'
import { foldersFor, indented, type BoardItem } from './board-tree'

interface BoardMenuProps {
  /** The board or folder the gallery shows, if any. */
  picked: BoardItem | undefined
  onName(what: 'board' | 'folder' | 'rename'): void
}

/** Rename, move and delete for the board or folder shown. */
function PickedItems({ picked, onRename }: { picked: BoardItem; onRename(): void }) {
  const { t } = useTranslation()
  const boards = useBoards((s) => s.boards)
  const [confirming, setConfirming] = useState(false)
  const folder = picked.kind === 'folder'
  const move = (parent: string | null) => void useBoards.getState().move(picked.id, parent)
  return (
    <>
      <MenuSeparator />
      <MenuItem onSelect={onRename} testId="board-rename">
        {t('gallery:boards.rename')}
      </MenuItem>
      <MenuGroup label={t('gallery:boards.moveTo')}>
        <MenuItem onSelect={() => move(null)} testId="board-move-top">
          {t('gallery:boards.top')}
        </MenuItem>
        {foldersFor(boards, picked.id).map((p) => (
          <MenuItem key={p.board.id} onSelect={() => move(p.board.id)} testId={`board-move-${p.board.id}`}>
            {indented(p, t('gallery:boards.folderOption', { name: p.board.name }))}
          </MenuItem>
        ))}
      </MenuGroup>
      <MenuSeparator />
      {confirming ? (
        <>
          <MenuItem danger onSelect={() => void useBoards.getState().remove(picked.id)} testId="board-confirm-delete">
            {t('gallery:boards.confirmDelete', { name: picked.name })}
          </MenuItem>
          <MenuItem stay onSelect={() => setConfirming(false)} testId="board-keep">
            {t('gallery:actions.keep')}
          </MenuItem>
        </>
      ) : (
        <MenuItem stay danger onSelect={() => setConfirming(true)} testId="board-delete" title={t(folder ? 'gallery:boards.deleteFolderHint' : 'gallery:boards.deleteHint')}>
          {t(folder ? 'gallery:boards.deleteFolder' : 'gallery:boards.delete')}
        </MenuItem>
      )}
    </>
  )
}

export function BoardMenu({ picked, onName }: BoardMenuProps) {
  const { t } = useTranslation()
  return (
    <MenuButton label="⋯" buttonLabel={t('gallery:boards.menu')} testId="board-menu">
      <MenuItem onSelect={() => onName('board')} testId="board-new">
        {t('gallery:boards.newBoard')}
      </MenuItem>
      <MenuItem onSelect={() => onName('folder')} testId="folder-new">
        {t('gallery:boards.newFolder')}
      </MenuItem>
      {/* A new key per board: a confirmation asked for one is not carried to the next. */}
      {picked ? <PickedItems key={picked.id} picked={picked} onRename={() => onName('rename')} /> : null}
    </MenuButton>
  )
}
