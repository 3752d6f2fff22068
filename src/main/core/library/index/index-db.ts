// The one door to the index's SQLite file: every statement and transaction of the library
// index goes through here, so a sign of damage is damage wherever it shows, not only at
// open. SQLite reports a damaged or foreign file (SQLITE_CORRUPT, SQLITE_NOTADB, "database
// disk image is malformed") only when a statement reads the broken page, which may be the
// thousandth query after open. From that moment the file is not used again: the owner is
// told once (it rebuilds the index from the files, see library.ts), and every later call
// is answered with the same clear error instead of a raw SQLite one.
//
// A full disk is answered in words too. SQLite rolls a transaction back by itself when the
// disk fills; a transaction here is rolled back only if it is still open, so the answer is
// "disk full" and not "cannot rollback - no transaction is active".
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite'
import { AppFailure } from '../../../../shared/app/app-failure'
import { DiskFullError } from '../../fs/disk-full'

// SQLite's primary result codes (the low byte of an extended code).
export const SQLITE_IOERR = 10
const SQLITE_CORRUPT = 11
export const SQLITE_FULL = 13
const SQLITE_NOTADB = 26

export const primaryCode = (err: unknown): number => ((err as { errcode?: number } | null)?.errcode ?? -1) & 0xff

/** True when the error says the file is damaged or not an index at all. */
export function isDamage(err: unknown): boolean {
  const code = primaryCode(err)
  return code === SQLITE_CORRUPT || code === SQLITE_NOTADB || /malformed|file is not a database/i.test((err as Error | null)?.message ?? '')
}

const REBUILDING = "The library's index was damaged and is being rebuilt from the files on disk; nothing is lost. Try again in a moment."

/** The index file is damaged: it is being set aside and rebuilt (the message says so, for the user). */
export class IndexDamagedError extends AppFailure {
  constructor(readonly reason: string) {
    super('conflict', REBUILDING)
  }
}

type Row = Record<string, unknown>

/** A prepared statement whose failures are read as damage, a full disk, or passed on. */
export interface Statement {
  get(...params: SQLInputValue[]): Row | undefined
  all(...params: SQLInputValue[]): Row[]
  run(...params: SQLInputValue[]): void
}

export class IndexDb {
  readonly #statements = new Map<string, Statement>()
  #damage: string | null = null
  #depth = 0

  /** `onDamage` is told once, when the file turns out damaged. */
  constructor(private readonly db: DatabaseSync, private readonly onDamage: (reason: string) => void) {}

  /** Why the file is not used any more, or null. */
  get damage(): string | null {
    return this.#damage
  }

  /** Takes the file out of use (a check found it damaged), as if a statement had. */
  markDamaged(reason: string): void {
    if (this.#damage !== null) return
    this.#damage = reason
    this.onDamage(reason)
  }

  /** Runs `work` against the file, reading what went wrong. */
  private guard<T>(work: () => T): T {
    if (this.#damage !== null) throw new IndexDamagedError(this.#damage)
    try {
      return work()
    } catch (err) {
      throw this.translate(err)
    }
  }

  private translate(err: unknown): unknown {
    if (isDamage(err)) {
      this.markDamaged((err as Error).message)
      return new IndexDamagedError((err as Error).message)
    }
    return primaryCode(err) === SQLITE_FULL ? new DiskFullError() : err
  }

  prepare(text: string): Statement {
    let s = this.#statements.get(text)
    if (!s) {
      const raw: StatementSync = this.guard(() => this.db.prepare(text))
      s = {
        get: (...p) => this.guard(() => raw.get(...p) as Row | undefined),
        all: (...p) => this.guard(() => raw.all(...p) as Row[]),
        run: (...p) => void this.guard(() => raw.run(...p))
      }
      this.#statements.set(text, s)
    }
    return s
  }

  exec(text: string): void {
    this.guard(() => this.db.exec(text))
  }

  /** Runs `work` as one transaction (nested calls join the outer one): all of it is committed, or none. */
  transaction<T>(work: () => T): T {
    if (this.#depth > 0) return work()
    this.exec('BEGIN IMMEDIATE')
    this.#depth++
    try {
      const result = work()
      this.exec('COMMIT')
      return result
    } catch (err) {
      this.rollback()
      throw err
    } finally {
      this.#depth--
    }
  }

  // SQLite may have rolled back already (a full disk); a rollback that fails leaves the
  // original error to be told, and a damaged file is known from it anyway.
  private rollback(): void {
    try {
      if (this.db.isOpen && this.db.isTransaction) this.db.exec('ROLLBACK')
    } catch (err) {
      if (isDamage(err)) this.markDamaged((err as Error).message)
    }
  }

  close(): void {
    this.#statements.clear()
    if (this.db.isOpen) this.db.close()
  }
}
