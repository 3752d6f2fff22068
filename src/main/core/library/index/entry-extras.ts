// An entry's rows in the curation tables (see curation-tables): its tags, with the
// vocabulary's counts kept in step, its origin and tool, and its files' content hashes.
// Written with the entry's own rows, in the same transaction, and taken out with them.
import { tagKey } from '../../../../shared/app/tags'
import type { LibraryEntry } from '../../../../shared/app/views'
import type { IndexDb } from './index-db'
import { hashKey } from './curation-tables'

type Old = Pick<LibraryEntry, 'files' | 'tags'> | null

function hashKeys(e: Old): Set<number> {
  const keys = new Set<number>()
  for (const f of e?.files ?? []) {
    const key = f.sha256 ? hashKey(f.sha256) : null
    if (key !== null) keys.add(key)
  }
  return keys
}

/** The entry's tags by key, each with its spelling. */
function tagsByKey(e: Old): Map<string, string> {
  const tags = new Map<string, string>()
  for (const t of e?.tags ?? []) if (!tags.has(tagKey(t))) tags.set(tagKey(t), t)
  return tags
}

export class EntryExtras {
  /** `enabled`: whether the index has the tables (a full disk at the open that would have made them leaves them out, see curation-index). */
  constructor(private readonly db: IndexDb, private on: boolean) {}

  get enabled(): boolean {
    return this.on
  }

  /** The tables were made after the open. */
  enable(): void {
    this.on = true
  }

  /** Replaces what `old` (the entry's previous version under `seq`, if any) wrote with what `next` writes; null takes it out. */
  replace(seq: number, old: Old, next: LibraryEntry | null): void {
    if (!this.enabled) return
    const before = tagsByKey(old)
    const after = tagsByKey(next)
    for (const key of before.keys()) if (!after.has(key)) this.untag(key, seq)
    for (const [key, name] of after) if (!before.has(key)) this.tag(key, name, seq)
    const run = (sql: string, ...p: (string | number | null)[]) => this.db.prepare(sql).run(...p)
    const hashesBefore = hashKeys(old)
    const hashesAfter = hashKeys(next)
    for (const h of hashesBefore) if (!hashesAfter.has(h)) run('DELETE FROM file_hashes WHERE hash = ? AND seq = ?', h, seq)
    for (const h of hashesAfter) run('INSERT OR IGNORE INTO file_hashes(hash, seq) VALUES (?, ?)', h, seq)
    if (next) run('INSERT OR REPLACE INTO entry_sources(seq, origin, tool) VALUES (?, ?, ?)', seq, next.origin, next.imported?.tool ?? null)
    else run('DELETE FROM entry_sources WHERE seq = ?', seq)
  }

  /**
   * Writes an entry's rows where they are missing, changing none that are there (the fill
   * of an index made before these tables, see sources-fill).
   */
  fill(seq: number, entry: LibraryEntry): void {
    if (!this.enabled) return
    for (const [key, name] of tagsByKey(entry)) this.tag(key, name, seq)
    for (const h of hashKeys(entry)) this.db.prepare('INSERT OR IGNORE INTO file_hashes(hash, seq) VALUES (?, ?)').run(h, seq)
    this.db.prepare('INSERT OR IGNORE INTO entry_sources(seq, origin, tool) VALUES (?, ?, ?)').run(seq, entry.origin, entry.imported?.tool ?? null)
  }

  private tagged(key: string, seq: number): boolean {
    return this.db.prepare('SELECT 1 AS x FROM entry_tags WHERE tag = ? AND seq = ?').get(key, seq) !== undefined
  }

  // Each tag's count is the number of its rows: a row is counted once, when it is added.
  private tag(key: string, name: string, seq: number): void {
    if (this.tagged(key, seq)) return
    this.db.prepare('INSERT INTO entry_tags(tag, seq) VALUES (?, ?)').run(key, seq)
    this.db.prepare('INSERT INTO tag_names(tag, name, entries) VALUES (?, ?, 1) ON CONFLICT(tag) DO UPDATE SET entries = entries + 1').run(key, name)
  }

  // Counted down only for a row that was there: an entry written while the tables were
  // missing (see `enabled`) names tags they never had.
  private untag(key: string, seq: number): void {
    if (!this.tagged(key, seq)) return
    this.db.prepare('DELETE FROM entry_tags WHERE tag = ? AND seq = ?').run(key, seq)
    this.db.prepare('UPDATE tag_names SET entries = entries - 1 WHERE tag = ?').run(key)
    this.db.prepare('DELETE FROM tag_names WHERE tag = ? AND entries <= 0').run(key)
  }
}
