// Favourites, boards and folders: the user's own ways to keep outputs together. Boards and
// the folders they sit in are kept in the library's index and in a `boards.json` copy (the
// file the index is rebuilt from); membership and the favourite mark live in each entry,
// so the gallery filters on them with the index's columns. Each action is one transaction
// of the index: a favourite and its board change together or not at all, and the copy
// changes with them (written in full first, put in place once the index has committed; on
// a full disk, nothing changes). Deleting a folder never deletes a board: what it holds
// moves up into the folder it was in. Everything can be exported to a JSON file and
// imported back (e.g. on another computer), the tree of folders included.
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { AppFailure } from '../../../shared/app/app-failure'
import { BOARD_TREE_MESSAGES } from '../../../shared/app/collections'
import { writeFileAtomic } from '../fs/atomic-write'
import { keepAside } from '../fs/keep-aside'
import { stageFiles, type FileWrite } from '../fs/staged-files'
import type { Library } from './library'
import type { Board, BoardKind } from './index/board-table'
import { childrenOf, mendTree, placeProblem } from './board-tree'
import { BOARDS_COPY, boardsCopyText, readBoardsCopy } from './boards-copy'
import { importCollections, type CollectionsExport } from './collections-import'

export type { Board, CollectionsExport }

type Notice = (level: 'warning', message: string) => void

const SAY = {
  mended: (names: string[], keptAs: string | null) =>
    `${BOARDS_COPY} put ${names.length === 1 ? 'a board or folder' : `${names.length} boards or folders`} inside itself or in a folder that is not there (${names.map((n) => `"${n}"`).join(', ')}); ${names.length === 1 ? 'it is' : 'they are'} now at the top level.${keptAs ? ` The file as it was is kept as ${keptAs}.` : ''}`
}

function keptAside(path: string): string | null {
  try {
    return keepAside(path)
  } catch {
    return null
  }
}

export class LibraryCollections {
  /** Board changes one at a time, so the copy each writes is the boards as that change leaves them. */
  private queue: Promise<unknown> = Promise.resolve()

  private constructor(private readonly library: Library, private readonly notice: Notice) {}

  /** Opens the collections; `notice` is told when the copy had to be mended. */
  static async open(library: Library, notice: Notice = () => undefined): Promise<LibraryCollections> {
    const collections = new LibraryCollections(library, notice)
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
    return join(this.library.paths.root, BOARDS_COPY)
  }

  private all(): Board[] {
    return this.index.boards.list().map(({ id, name, createdAt, kind, parent }) => ({ id, name, createdAt, kind, parent }))
  }

  private byId(): Map<string, Board> {
    return new Map(this.all().map((b) => [b.id, b]))
  }

  // The copy gives back boards the index lacks (a rebuilt index has none); the index's
  // boards are written to the copy when it lacks them. A tree the copy breaks (a folder
  // inside itself, say) is mended, and the copy as it was kept aside.
  private async mergeCopy(): Promise<void> {
    const copy = await readBoardsCopy(this.copyPath())
    // Unreadable: kept aside, and the index's boards alone are written out again below
    // (never over it, if it could not be moved).
    let mayWrite = !copy.unreadable || keptAside(this.copyPath()) !== null
    const indexed = this.byId()
    const { boards, mended } = mendTree([...indexed.values(), ...copy.boards.filter((b) => !indexed.has(b.id))])
    this.index.transaction(() => {
      for (const b of boards) if (JSON.stringify(indexed.get(b.id)) !== JSON.stringify(b)) this.index.boards.put(b)
    })
    if (mended.length && mayWrite && copy.text !== null && !copy.unreadable) {
      const keptAs = keptAside(this.copyPath())
      mayWrite = keptAs !== null
      this.notice('warning', SAY.mended(mended.map((b) => b.name), keptAs && `${BOARDS_COPY}${keptAs.slice(this.copyPath().length)}`))
    }
    // Written only when it differs, and never a reason not to start: on a full disk the
    // index still holds every board, and the next board change writes the copy again.
    if (mayWrite && copy.text !== boardsCopyText(this.all())) await writeFileAtomic(this.copyPath(), boardsCopyText(this.all())).catch(() => undefined)
  }

  /** The copy as it is once `change` is made to the boards. */
  private copyWith(change: (boards: Map<string, Board>) => void): FileWrite {
    const boards = this.byId()
    change(boards)
    return { path: this.copyPath(), data: boardsCopyText(boards.values()) }
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

  /** Every board and folder with how many entries it holds, by name. */
  listBoards(): (Board & { count: number })[] {
    return this.index.boards.list().sort((a, b) => a.name.localeCompare(b.name))
  }

  private refuseMisplaced(id: string, parent: string | null): void {
    const problem = placeProblem(this.byId(), id, parent)
    if (problem === BOARD_TREE_MESSAGES.noFolder) throw new AppFailure('not_found', problem, { parent: [problem] })
    if (problem) throw new AppFailure('invalid_input', problem, { parent: [problem] })
  }

  /** Makes a board (or a folder) at the top or in a folder. */
  createBoard(name: string, place: { kind?: BoardKind; parent?: string | null } = {}, id: string = randomUUID()): Promise<Board> {
    return this.serial(async () => {
      const board: Board = { id, name: name.trim(), createdAt: new Date().toISOString(), kind: place.kind ?? 'board', parent: place.parent ?? null }
      this.refuseMisplaced(id, board.parent)
      await this.changeBoards(this.copyWith((all) => all.set(id, board)), () => this.index.boards.put(board))
      return board
    })
  }

  renameBoard(id: string, name: string): Promise<Board | undefined> {
    return this.change(id, (board) => ({ ...board, name: name.trim() }))
  }

  /** Moves a board or folder into a folder (null: to the top); refused when that breaks the tree. */
  moveBoard(id: string, parent: string | null): Promise<Board | undefined> {
    return this.change(id, (board) => {
      this.refuseMisplaced(id, parent)
      return { ...board, parent }
    })
  }

  private change(id: string, next: (board: Board) => Board): Promise<Board | undefined> {
    return this.serial(async () => {
      const board = this.index.boards.get(id)
      if (!board) return undefined
      const changed = next(board)
      await this.changeBoards(this.copyWith((all) => all.set(id, changed)), () => this.index.boards.put(changed))
      return changed
    })
  }

  /**
   * Deletes a board, taking its entries off it in the same transaction (the entries stay
   * in the library); or a folder, whose boards and folders move up into the folder it was
   * in (or to the top).
   */
  deleteBoard(id: string): Promise<void> {
    return this.serial(async () => {
      const board = this.index.boards.get(id)
      const children = board?.kind === 'folder' ? childrenOf(this.all(), id).map((c) => ({ ...c, parent: board.parent })) : []
      const inIndex = () => {
        this.index.boards.delete(id)
        for (const c of children) this.index.boards.put(c)
      }
      const copy = () => this.copyWith((all) => {
        all.delete(id)
        for (const c of children) all.set(c.id, c)
      })
      if (board?.kind === 'folder') return this.changeBoards(copy(), inIndex)
      await this.library.updateMany(this.index.boards.members(id), (e) => ({ boards: e.boards.filter((b) => b !== id) }), inIndex, copy)
    })
  }

  hasBoard(id: string): boolean {
    return this.index.boards.get(id) !== undefined
  }

  /** The board or folder, if the library has it. */
  board(id: string): Board | undefined {
    return this.index.boards.get(id)
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
    const members = Object.fromEntries(boards.filter((b) => b.kind === 'board').map((b) => [b.id, this.index.boards.members(b.id)]))
    return { version: 1, boards, members, favorites: this.index.favoriteIds() }
  }

  /**
   * Merges an export (checked by the contract's schema): boards and folders are added (or
   * renamed and moved) by id, memberships and favourites are added for entries this library
   * has. Nothing is taken away. A tree the export would break is refused whole. The whole
   * import is one transaction of the index.
   */
  import(data: CollectionsExport): Promise<{ boards: number; entries: number }> {
    return this.serial(() => importCollections(this.library, this.byId(), data, (all) => this.copyWith(all)))
  }

  async close(): Promise<void> {}
}
