// Favourites and boards under the filter bar: show only favourites, or pick a board (its
// items) or a folder (the items of every board in it); the menu beside the picker creates
// boards and folders (inside the folder picked), renames, moves or deletes them. Deleting a
// board leaves its items in the library; deleting a folder moves what it holds up a level.
import { useState } from 'react'
import { MAX_FILTER_BOARDS } from '../../../shared/app/library-query'
import { t, useTranslation } from '../../i18n/page-i18n'
import { toast } from '../../stores/toasts'
import { useBoards } from '../../stores/boards'
import { useLibrary } from '../../stores/library'
import { Select } from '../../ui/Select'
import { BoardNameDialog } from './BoardNameDialog'
import { BoardMenu } from './BoardMenu'
import { boardTree, boardsUnder, indented, type BoardItem } from './board-tree'

function pick(boards: BoardItem[], id: string): void {
  const chosen = boards.find((b) => b.id === id)
  const set = useLibrary.getState().setFilters
  if (!chosen) return set({ board: undefined, boardsAny: undefined })
  if (chosen.kind === 'board') return set({ board: chosen.id, boardsAny: undefined })
  // An empty folder shows nothing: no board can be on an id that names none.
  const under = boardsUnder(boards, chosen.id)
  // One filter names so many boards at most; the user is told rather than shown less in silence.
  if (under.length > MAX_FILTER_BOARDS) toast.warning(t('gallery:boards.folderTooBig', { count: under.length, shown: MAX_FILTER_BOARDS }))
  set({ board: undefined, boardsAny: under.length ? under.slice(0, MAX_FILTER_BOARDS) : [chosen.id] })
}

export function BoardControls() {
  const { t } = useTranslation()
  const boards = useBoards((s) => s.boards)
  const favorite = useLibrary((s) => s.filters.favorite)
  const boardId = useLibrary((s) => s.filters.board)
  const byFolder = useLibrary((s) => s.filters.boardsAny !== undefined)
  // The folder picked last: what the gallery shows while it filters by the boards in it.
  const [folderId, setFolderId] = useState<string | null>(null)
  const picked = boards.find((b) => b.id === (boardId ?? (byFolder ? folderId : null)))
  const [naming, setNaming] = useState<'board' | 'folder' | 'rename' | null>(null)
  const tree = boardTree(boards)
  const label = (b: BoardItem) => (b.kind === 'folder' ? t('gallery:boards.folderOption', { name: b.name }) : t('gallery:boards.boardOption', { name: b.name, count: b.count }))

  const create = async (name: string, kind: 'board' | 'folder') => {
    const parent = picked?.kind === 'folder' ? picked.id : (picked?.parent ?? null)
    const made = await useBoards.getState().create(name, { kind, parent })
    if (made && kind === 'board') useLibrary.getState().setFilters({ board: made.id, boardsAny: undefined })
    return made !== null
  }

  return (
    <div className="board-controls" role="group" aria-label={t('gallery:boards.group')}>
      <button
        type="button"
        className={`filter-chip${favorite ? ' is-on' : ''}`}
        aria-pressed={favorite === true}
        data-testid="filter-favorite"
        onClick={() => useLibrary.getState().setFilters({ favorite: favorite ? undefined : true })}
      >
        {t('gallery:boards.favourites')}
      </button>
      <Select
        aria-label={t('gallery:boards.board')}
        data-testid="filter-board"
        className="filter-select"
        value={picked?.id ?? ''}
        emptyLabel={t('gallery:boards.all')}
        options={tree.map((p) => ({ value: p.board.id, label: indented(p, label(p.board)) }))}
        onChange={(v) => {
          setFolderId(boards.find((b) => b.id === v)?.kind === 'folder' ? v : null)
          pick(boards, v)
        }}
      />
      <BoardMenu picked={picked} onName={setNaming} />
      {naming === 'board' || naming === 'folder' ? (
        <BoardNameDialog
          title={t(naming === 'folder' ? 'gallery:boards.newFolderTitle' : 'gallery:boards.newBoardTitle')}
          saveLabel={t('gallery:boards.create')}
          onSave={(name) => create(name, naming)}
          onClose={() => setNaming(null)}
        />
      ) : null}
      {naming === 'rename' && picked ? (
        <BoardNameDialog title={t('gallery:boards.renameTitle', { name: picked.name })} initial={picked.name} saveLabel={t('gallery:actions.save')} onSave={(name) => useBoards.getState().rename(picked.id, name)} onClose={() => setNaming(null)} />
      ) : null}
    </div>
  )
}
