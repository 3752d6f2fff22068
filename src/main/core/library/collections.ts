// Favourites and boards: the user's own ways to keep outputs together. Boards are kept in
// the library's index and in a `boards.json` copy (the file the index is rebuilt from);
// membership and the favourite mark live in each entry, so the gallery filters on them
// with the index's columns. Each action is one transaction of the index: a favourite
// and its board change together or not at all, and the copy changes with them (written in
// full first, put in place once the index has committed; on a full disk, nothing changes).
// Both can be exported to a JSON file and imported back (e.g. on another computer).
import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic } from '../fs/atomic-write'
import { keepAside } from '../fs/keep-aside'
import { stageFiles, type FileWrite } from '../fs/staged-files'
import type { Library } from './library'
import type { Board } from './index/library-index'

export type { Board }

export interface CollectionsExport {
  version: 1
  boards: Board[]
  /** Job ids on each board. */
  members: Record<string, string[]>
  favorites: string[]
}

function looksLikeBoard(v: unknown): Board | null {
  const b = v as Partial<Board> | null
  return b && typeof b.id === 'string' && typeof b.name === 'string' && typeof b.createdAt === 'string' ? (b as Board) : null
}

function keptAside(path: string): boolean {
  try {
    keepAside(path)
    return true
  } catch {
    return false
  }
}

const byCreation = (a: Board, b: Board) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

export class LibraryCollections {
  /** Board changes one at a time, so the copy each writes is the boards as that change leaves them. */
  private queue: Promise<unknown> = Promise.resolve()

  private constructor(private readonly library: Library) {}

  static async open(library: Library): Promise<LibraryCollections> {
    const collections = new LibraryCollections(library)
    await library.change(() => collections.mergeCopy())
    return collections
  }

  // Each change waits for the one before it and for a rebuild of the index under way, and
  // is made against the rebuilt index when its own attempt found the index damaged.
  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(() => this.library.change(task))
    this.queue = run.catch(() => undefined)
    return run
  }

  private get index() {
    return this.library.index
  }

  private copyPath(): string {
    return join(this.library.paths.root, 'boards.json')
  }

  private all(): Board[] {
    return this.index.boards().map(({ id, name, createdAt }) => ({ id, name, createdAt }))
  }

  // The copy gives back boards the index lacks (a rebuilt index has none); the index's
  // boards are written to the copy when it lacks them.
  private async mergeCopy(): Promise<void> {
    let copy: unknown = []
    const text = await readFile(this.copyPath(), 'utf8').catch(() => null)
    let mayWrite = true
    try {
      if (text !== null) copy = JSON.parse(text) as unknown
    } catch {
      // Unreadable: kept aside, and the index's boards alone are written out again below
      // (never over it, if it could not be moved).
      mayWrite = keptAside(this.copyPath())
    }
    this.index.transaction(() => {
      for (const b of Array.isArray(copy) ? copy : []) {
        const board = looksLikeBoard(b)
        if (board && !this.index.board(board.id)) this.index.putBoard(board)
      }
    })
    // Written only when it differs, and never a reason not to start: on a full disk the
    // index still holds every board, and the next board change writes the copy again.
    if (mayWrite && text !== JSON.stringify(this.all())) await this.saveCopy().catch(() => undefined)
  }

  private saveCopy(): Promise<void> {
    return writeFileAtomic(this.copyPath(), JSON.stringify(this.all()))
  }

  /** The copy as it is once `change` is made to the boards. */
  private copyWith(change: (boards: Map<string, Board>) => void): FileWrite {
    const boards = new Map(this.all().map((b) => [b.id, b]))
    change(boards)
    return { path: this.copyPath(), data: JSON.stringify([...boards.values()].sort(byCreation)) }
  }

  /** Changes the boards in the index and in the copy together (see the top of this file). */
  private async changeBoards(copy: FileWrite, inIndex: () => void): Promise<void> {
    const staged = await stageFiles([copy])
    try {
      this.index.transaction(inIndex)
    } catch (err) {
      await staged.discard()
      throw err
    }
    await staged.publish()
  }

  /** Every board with how many entries it holds, by name. */
  listBoards(): (Board & { count: number })[] {
    return this.index.boards().sort((a, b) => a.name.localeCompare(b.name))
  }

  createBoard(name: string, id: string = randomUUID()): Promise<Board> {
    return this.serial(async () => {
      const board = { id, name: name.trim(), createdAt: new Date().toISOString() }
      await this.changeBoards(this.copyWith((all) => all.set(id, board)), () => this.index.putBoard(board))
      return board
    })
  }

  renameBoard(id: string, name: string): Promise<Board | undefined> {
    return this.serial(async () => {
      const board = this.index.board(id)
      if (!board) return undefined
      const renamed = { ...board, name: name.trim() }
      await this.changeBoards(this.copyWith((all) => all.set(id, renamed)), () => this.index.putBoard(renamed))
      return renamed
    })
  }

  /** Deletes the board, and takes its entries off it in the same transaction; the entries stay in the library. */
  deleteBoard(id: string): Promise<void> {
    return this.serial(async () => {
      await this.library.updateMany(this.index.boardMembers(id), (e) => ({ boards: e.boards.filter((b) => b !== id) }), () => this.index.deleteBoard(id), () => this.copyWith((all) => all.delete(id)))
    })
  }

  hasBoard(id: string): boolean {
    return this.index.board(id) !== undefined
  }

  async setFavorite(jobIds: readonly string[], favorite: boolean): Promise<number> {
    return (await this.library.updateMany(jobIds, () => ({ favorite }))).length
  }

  /** Adds entries to a board, or takes them off it. */
  async setOnBoard(jobIds: readonly string[], boardId: string, on: boolean): Promise<number> {
    const changed = await this.library.updateMany(jobIds, (e) => ({ boards: on ? [...new Set([...e.boards, boardId])] : e.boards.filter((b) => b !== boardId) }))
    return changed.length
  }

  export(): CollectionsExport {
    const boards = this.all()
    // Built as own properties: a board id is data, never a way to the object's prototype.
    const members = Object.fromEntries(boards.map((b) => [b.id, this.index.boardMembers(b.id)]))
    return { version: 1, boards, members, favorites: this.index.favoriteIds() }
  }

  /**
   * Merges an export (checked by the contract's schema): boards are added (or renamed) by
   * id, memberships and favourites are added for entries this library has. Nothing is
   * taken away. The whole import is one transaction of the index.
   */
  import(data: CollectionsExport): Promise<{ boards: number; entries: number }> {
    return this.serial(() => this.importNow(data))
  }

  private async importNow(data: CollectionsExport): Promise<{ boards: number; entries: number }> {
    const onBoards = new Map<string, Set<string>>()
    /** Memberships and favourites of entries this library has, as each is counted. */
    let entries = 0
    for (const board of data.boards) {
      const listed = Object.hasOwn(data.members, board.id) ? data.members[board.id]! : []
      for (const id of new Set(listed)) {
        if (!this.library.has(id)) continue
        onBoards.set(id, (onBoards.get(id) ?? new Set()).add(board.id))
        entries++
      }
    }
    const favorites = new Set(data.favorites.filter((id) => this.library.has(id)))
    entries += favorites.size
    const merged = (existing: Board | undefined, board: Board): Board => ({ ...board, createdAt: existing?.createdAt ?? board.createdAt })
    await this.library.updateMany([...onBoards.keys(), ...favorites], (e) => ({
      boards: [...new Set([...e.boards, ...(onBoards.get(e.id) ?? [])])],
      favorite: e.favorite || favorites.has(e.id)
    }), () => {
      for (const board of data.boards) {
        const existing = this.index.board(board.id)
        if (!existing || existing.name !== board.name) this.index.putBoard(merged(existing, board))
      }
    }, () => this.copyWith((all) => {
      for (const board of data.boards) all.set(board.id, merged(all.get(board.id), board))
    }))
    return { boards: data.boards.length, entries }
  }

  async close(): Promise<void> {}
}
