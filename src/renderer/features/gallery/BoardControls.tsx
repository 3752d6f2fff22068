// Favourites and boards under the filter bar: show only favourites, or pick a board to show
// only its items, and create, rename or delete boards. Deleting a board leaves its items in
// the library.
import { useState } from 'react'
import { useBoards } from '../../stores/boards'
import { useLibrary } from '../../stores/library'
import { Button } from '../../ui/Button'
import { Select } from '../../ui/Select'
import { BoardNameDialog } from './BoardNameDialog'
import { formatNumber } from '../../format/numbers'

export function BoardControls() {
  const boards = useBoards((s) => s.boards)
  const boardId = useLibrary((s) => s.filters.board)
  const favorite = useLibrary((s) => s.filters.favorite)
  const board = boards.find((b) => b.id === boardId)
  const [naming, setNaming] = useState<'create' | 'rename' | null>(null)
  const [confirming, setConfirming] = useState(false)

  const create = async (name: string) => {
    const made = await useBoards.getState().create(name)
    if (made) useLibrary.getState().setFilters({ board: made.id })
    return made !== null
  }

  return (
    <div className="board-controls" role="group" aria-label="Favourites and boards">
      <button
        type="button"
        className={`filter-chip${favorite ? ' is-on' : ''}`}
        aria-pressed={favorite === true}
        data-testid="filter-favorite"
        onClick={() => useLibrary.getState().setFilters({ favorite: favorite ? undefined : true })}
      >
        ★ Favourites
      </button>
      <Select
        aria-label="Board"
        data-testid="filter-board"
        className="filter-select"
        value={boardId ?? ''}
        emptyLabel="All boards"
        options={boards.map((b) => ({ value: b.id, label: `${b.name} (${formatNumber(b.count)})` }))}
        onChange={(v) => useLibrary.getState().setFilters({ board: v === '' ? undefined : v })}
      />
      <Button size="sm" variant="ghost" onClick={() => setNaming('create')} data-testid="board-new">
        New board
      </Button>
      {board ? (
        <>
          <Button size="sm" variant="ghost" onClick={() => setNaming('rename')} data-testid="board-rename">
            Rename
          </Button>
          {confirming ? (
            <span className="confirm-inline" role="group" aria-label="Confirm board deletion">
              <Button size="sm" variant="danger" onClick={() => void useBoards.getState().remove(board.id).then(() => setConfirming(false))} data-testid="board-confirm-delete">
                Delete “{board.name}”
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
                Keep
              </Button>
            </span>
          ) : (
            <Button size="sm" variant="ghost" onClick={() => setConfirming(true)} data-testid="board-delete" title="The items stay in the library">
              Delete board…
            </Button>
          )}
        </>
      ) : null}
      {naming === 'create' ? <BoardNameDialog title="New board" saveLabel="Create" onSave={create} onClose={() => setNaming(null)} /> : null}
      {naming === 'rename' && board ? (
        <BoardNameDialog title={`Rename ${board.name}`} initial={board.name} saveLabel="Save" onSave={(name) => useBoards.getState().rename(board.id, name)} onClose={() => setNaming(null)} />
      ) : null}
    </div>
  )
}
