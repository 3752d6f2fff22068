// Favourites and boards: the user's own ways to keep outputs together. A board is a
// named list kept in its own crash-safe log; membership and the favourite mark live in
// each entry (and its summary), so the gallery filters on them without reading files.
// Both can be exported to a JSON file and imported back (e.g. on another computer).
// The boards are kept twice, in their log and in a `boards.json` copy; opening merges
// both, so a board keeps its name when either is damaged.
import { randomUUID } from 'node:crypto'
import { readFile, rename } from 'node:fs/promises'
import { writeFileAtomic } from '../fs/atomic-write'
import { join } from 'node:path'
import { RecordLog } from '../store/record-log'
import type { Library } from './library'

export interface Board {
  id: string
  name: string
  createdAt: string
}

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

export class LibraryCollections {
  private damageTaken = false

  private constructor(private readonly library: Library, private readonly boards: RecordLog<Board>) {}

  static async open(library: Library): Promise<LibraryCollections> {
    const boards = await RecordLog.open<Board>(join(library.paths.root, 'boards.jsonl'), { validate: looksLikeBoard, fsync: 'batch' })
    const collections = new LibraryCollections(library, boards)
    await collections.mergeCopy()
    return collections
  }

  private copyPath(): string {
    return join(this.library.paths.root, 'boards.json')
  }

  private async mergeCopy(): Promise<void> {
    let copy: unknown = []
    const text = await readFile(this.copyPath(), 'utf8').catch(() => null)
    try {
      if (text !== null) copy = JSON.parse(text) as unknown
    } catch {
      // Unreadable: kept aside, and the log alone is written out again below.
      await rename(this.copyPath(), `${this.copyPath()}.damaged`).catch(() => undefined)
    }
    for (const b of Array.isArray(copy) ? copy : []) {
      const board = looksLikeBoard(b)
      if (board && !this.boards.has(board.id)) await this.boards.put(board)
    }
    // Written only when it differs from the log, and never a reason not to start: on a full
    // disk the log still holds every board, and the next board change writes the copy again.
    if (text !== JSON.stringify(this.boards.all())) await this.saveCopy().catch(() => undefined)
  }

  private saveCopy(): Promise<void> {
    return writeFileAtomic(this.copyPath(), JSON.stringify(this.boards.all()))
  }

  /** Every board with how many entries it holds, by name. */
  listBoards(): (Board & { count: number })[] {
    const counts = new Map<string, number>()
    for (const s of this.library.summaryValues()) for (const b of s.boards ?? []) counts.set(b, (counts.get(b) ?? 0) + 1)
    return this.boards.all().map((b) => ({ ...b, count: counts.get(b.id) ?? 0 })).sort((a, b) => a.name.localeCompare(b.name))
  }

  async createBoard(name: string, id: string = randomUUID()): Promise<Board> {
    const board = { id, name: name.trim(), createdAt: new Date().toISOString() }
    await this.boards.put(board)
    await this.saveCopy()
    return board
  }

  async renameBoard(id: string, name: string): Promise<Board | undefined> {
    const board = this.boards.get(id)
    if (!board) return undefined
    const renamed = { ...board, name: name.trim() }
    await this.boards.put(renamed)
    await this.saveCopy()
    return renamed
  }

  /** Deletes the board; its entries stay in the library. */
  async deleteBoard(id: string): Promise<void> {
    const members = this.membersOf(id)
    for (const jobId of members) await this.library.update(jobId, (e) => ({ boards: e.boards.filter((b) => b !== id) }))
    await this.boards.delete(id)
    await this.saveCopy()
  }

  /** Unreadable lines found in the boards log when it was opened, reported once (compaction moves them to its `.damaged` file). */
  async takeLogDamage(): Promise<number> {
    const s = this.boards.stats()
    const lines = this.damageTaken ? 0 : s.corrupt + s.invalid + (s.tornBytes > 0 ? 1 : 0)
    this.damageTaken = true
    if (lines > 0) await this.boards.compact().catch(() => undefined)
    return lines
  }

  hasBoard(id: string): boolean {
    return this.boards.has(id)
  }

  async setFavorite(jobIds: readonly string[], favorite: boolean): Promise<number> {
    let changed = 0
    for (const jobId of jobIds) if (await this.library.update(jobId, () => ({ favorite }))) changed++
    return changed
  }

  /** Adds entries to a board, or takes them off it. */
  async setOnBoard(jobIds: readonly string[], boardId: string, on: boolean): Promise<number> {
    let changed = 0
    for (const jobId of jobIds) {
      const updated = await this.library.update(jobId, (e) => ({ boards: on ? [...new Set([...e.boards, boardId])] : e.boards.filter((b) => b !== boardId) }))
      if (updated) changed++
    }
    return changed
  }

  private membersOf(boardId: string): string[] {
    const ids: string[] = []
    for (const s of this.library.summaryValues()) if ((s.boards ?? []).includes(boardId)) ids.push(s.id)
    return ids
  }

  export(): CollectionsExport {
    // Built as own properties: a board id is data, never a way to the object's prototype.
    const members = Object.fromEntries(this.boards.all().map((b) => [b.id, this.membersOf(b.id)]))
    const favorites: string[] = []
    for (const s of this.library.summaryValues()) if (s.favorite) favorites.push(s.id)
    return { version: 1, boards: this.boards.all(), members, favorites }
  }

  /**
   * Merges an export (checked by the contract's schema): boards are added (or renamed) by
   * id, memberships and favourites are added for entries this library has. Nothing is
   * taken away. What to write is worked out before the first write.
   */
  async import(data: CollectionsExport): Promise<{ boards: number; entries: number }> {
    const plan = data.boards.map((board) => {
      const existing = this.boards.get(board.id)
      const listed = Object.hasOwn(data.members, board.id) ? data.members[board.id]! : []
      return {
        board: !existing || existing.name !== board.name ? { ...board, createdAt: existing?.createdAt ?? board.createdAt } : null,
        id: board.id,
        present: listed.filter((id) => this.library.has(id))
      }
    })
    const favorites = data.favorites.filter((id) => this.library.has(id))
    let entries = 0
    for (const step of plan) {
      if (step.board) {
        await this.boards.put(step.board)
        await this.saveCopy()
      }
      entries += await this.setOnBoard(step.present, step.id, true)
    }
    entries += await this.setFavorite(favorites, true)
    return { boards: data.boards.length, entries }
  }

  close(): Promise<void> {
    return this.boards.close()
  }
}
