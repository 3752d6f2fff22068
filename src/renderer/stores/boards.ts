// Boards and favourites, kept by the main process's library index. The list of boards
// (with counts) lives here; every change refreshes the gallery's cached pages, since an
// entry's star and boards show on its tile.
import { create } from 'zustand'
import type { RouteOutput } from '../../shared/contract'
import { call } from '../api/client'
import { useLibrary } from './library'
import { toast } from './toasts'

type Board = RouteOutput<'boards.create'>
type BoardWithCount = RouteOutput<'boards.list'>[number]

interface BoardsState {
  boards: BoardWithCount[]
  load(): Promise<void>
  /** A board, or a folder (`kind`), at the top or in a folder (`parent`). */
  create(name: string, place?: { kind?: 'board' | 'folder'; parent?: string | null }): Promise<Board | null>
  /** Moves a board or folder into a folder, or to the top (null). */
  move(id: string, parent: string | null): Promise<boolean>
  rename(id: string, name: string): Promise<boolean>
  remove(id: string): Promise<boolean>
  setMembers(boardId: string, jobIds: string[], on: boolean): Promise<boolean>
  setFavorite(jobIds: string[], favorite: boolean): Promise<boolean>
}

/** Says what went wrong and answers false, so callers can keep their form open. */
function failed(message: string): false {
  toast.error(message)
  return false
}

export const useBoards = create<BoardsState>((set, get) => {
  const changed = async () => {
    await Promise.all([get().load(), useLibrary.getState().refresh()])
  }
  return {
    boards: [],
    async load() {
      const r = await call('boards.list', {})
      if (r.ok) set({ boards: r.data })
    },
    async create(name, place = {}) {
      const r = await call('boards.create', { name, ...place })
      if (!r.ok) {
        failed(r.error.message)
        return null
      }
      await get().load()
      return r.data
    },
    async rename(id, name) {
      const r = await call('boards.rename', { id, name })
      if (!r.ok) return failed(r.error.message)
      await get().load()
      return true
    },
    async move(id, parent) {
      const r = await call('boards.move', { id, parent })
      if (!r.ok) return failed(r.error.message)
      await get().load()
      return true
    },
    async remove(id) {
      const r = await call('boards.delete', { id })
      if (!r.ok) return failed(r.error.message)
      // A gallery filtered by the deleted board would show nothing, and one filtered by a
      // folder no longer shows what the folder was: show everything instead.
      const filters = useLibrary.getState().filters
      if (filters.board === id || filters.boardsAny) useLibrary.getState().setFilters({ board: undefined, boardsAny: undefined })
      await changed()
      return true
    },
    async setMembers(boardId, jobIds, on) {
      const r = await call('boards.setMembers', { boardId, jobIds, on })
      if (!r.ok) return failed(r.error.message)
      await changed()
      return true
    },
    async setFavorite(jobIds, favorite) {
      const r = await call('library.setFavorite', { jobIds, favorite })
      if (!r.ok) return failed(r.error.message)
      await useLibrary.getState().refresh()
      return true
    }
  }
})
