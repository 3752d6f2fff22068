// The boards and folders in the index: each with its name, its kind (a board holds
// entries, a folder holds boards and folders) and the folder it is in. Membership is kept
// by entry (`entry_boards`, written with each entry's rows). The `boards.json` copy in the
// library folder is the truth they are rebuilt from (see collections.ts).
import type { IndexDb } from './index-db'

export type BoardKind = 'board' | 'folder'

export interface Board {
  id: string
  name: string
  createdAt: string
  kind: BoardKind
  /** The folder it is in; null at the top. */
  parent: string | null
}

// The kind and the folder came after the boards table: an index made before them gets
// them at its next open (a handful of rows, at once).
const LATER_COLUMNS: [string, string][] = [
  ['kind', "ALTER TABLE boards ADD COLUMN kind TEXT NOT NULL DEFAULT 'board'"],
  ['parent', 'ALTER TABLE boards ADD COLUMN parent TEXT']
]

/** Gives the boards table the columns added after version 1. */
export function addBoardColumns(db: { prepare(sql: string): { all(): unknown[] }; exec(sql: string): void }): void {
  const columns = new Set(db.prepare('PRAGMA table_info(boards)').all().map((c) => (c as { name: string }).name))
  for (const [name, sql] of LATER_COLUMNS) if (!columns.has(name)) db.exec(sql)
}

type Row = Record<string, unknown>

const boardOf = (r: Row): Board => ({
  id: r.id as string,
  name: r.name as string,
  createdAt: r.created_at as string,
  kind: r.kind === 'folder' ? 'folder' : 'board',
  parent: (r.parent as string | null) ?? null
})

export class BoardTable {
  /** `columns`: whether the table has its kind and folder columns yet (see curation-index). */
  constructor(private readonly db: IndexDb, private readonly columns: () => boolean) {}

  private get shape(): string {
    return this.columns() ? 'b.kind, b.parent' : "'board' AS kind, NULL AS parent"
  }

  /** Every board and folder with how many entries it holds (a folder none), oldest first. */
  list(): (Board & { count: number })[] {
    return this.db.prepare(`SELECT b.id, b.name, b.created_at, ${this.shape}, (SELECT count(*) FROM entry_boards m WHERE m.board = b.id) AS n FROM boards b ORDER BY b.created_at, b.id`).all()
      .map((r) => ({ ...boardOf(r), count: Number(r.n) }))
  }

  get(id: string): Board | undefined {
    const r = this.db.prepare(`SELECT b.id, b.name, b.created_at, ${this.shape} FROM boards b WHERE b.id = ?`).get(id)
    return r ? boardOf(r) : undefined
  }

  /** Adds a board, or changes its name, kind and folder (its creation time stays). Written in a transaction, which makes the columns first. */
  put(b: Board): void {
    this.db.prepare('INSERT INTO boards(id, name, created_at, kind, parent) VALUES (?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET name = excluded.name, kind = excluded.kind, parent = excluded.parent')
      .run(b.id, b.name, b.createdAt, b.kind, b.parent)
  }

  delete(id: string): void {
    this.db.prepare('DELETE FROM boards WHERE id = ?').run(id)
  }

  /** Ids of the entries on a board. */
  members(boardId: string): string[] {
    return this.db.prepare('SELECT e.id FROM entry_boards b JOIN entries e ON e.seq = b.seq WHERE b.board = ?').all(boardId).map((r) => r.id as string)
  }

  /** Every board id some entry names, whether or not the board is known. */
  named(): string[] {
    return this.db.prepare('SELECT DISTINCT board FROM entry_boards').all().map((r) => r.board as string)
  }
}
