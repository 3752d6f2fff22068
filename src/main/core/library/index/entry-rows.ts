// The rows of one entry in the index: the entry with the columns the gallery filters and
// sorts on, its boards, its words for the prompt search, and its rows in the curation
// tables (tags, origin, file hashes; see entry-extras), all under the entry's key.
import type { LibraryEntry } from '../../../../shared/app/views'
import { entryRow, entryTime } from './entry-row'
import type { IndexDb } from './index-db'
import { EntryKeys } from './entry-keys'
import { textWords } from './fold-text'
import { ColourSwatches } from './colour-swatches'
import { PictureRows } from './picture-rows'
import { LineageRows } from './lineage-rows'
import { EntryExtras } from './entry-extras'

export class EntryRows {
  readonly keys: EntryKeys
  readonly pictures: PictureRows
  /** Null when the index lacks the picture tables (a full disk when it was opened). */
  readonly swatches: ColourSwatches | null
  readonly lineage: LineageRows
  readonly extras: EntryExtras

  /**
   * `terms`: whether the index keeps its list of words; `tables.pictures`: its picture and
   * lineage tables; `tables.curation`: its curation tables (see index-schema).
   */
  constructor(private readonly db: IndexDb, spills: boolean, private readonly terms: boolean, tables: { pictures: boolean; curation: boolean }) {
    this.keys = new EntryKeys(db, spills, (seq) => this.moveUp(seq))
    this.pictures = new PictureRows(db, tables.pictures)
    this.swatches = tables.pictures ? new ColourSwatches(db) : null
    this.lineage = new LineageRows(db, tables.pictures)
    this.extras = new EntryExtras(db, tables.curation)
  }

  /** The entry under `seq` now, if any. */
  private current(seq: number): LibraryEntry | null {
    const row = this.db.prepare('SELECT entry FROM entries WHERE seq = ?').get(seq)
    return row ? (JSON.parse(row.entry as string) as LibraryEntry) : null
  }

  /** Writes the entry's rows under `seq`, replacing any there. */
  write(seq: number, entry: LibraryEntry, fileBehind: boolean): void {
    const r = entryRow(entry)
    const old = this.extras.enabled ? this.current(seq) : null
    this.db.prepare(
      'INSERT OR REPLACE INTO entries(seq, id, modality, model, cost, favorite, lora, pending, lost, file_behind, entry) VALUES (?,?,?,?,?,?,?,?,?,?,?)'
    ).run(seq, r.id, r.modality, r.model, r.cost, r.favorite, r.lora, r.pending, r.lost, fileBehind ? 1 : 0, JSON.stringify(entry))
    this.db.prepare('DELETE FROM entry_boards WHERE seq = ?').run(seq)
    for (const board of new Set(entry.boards)) this.db.prepare('INSERT INTO entry_boards(board, seq) VALUES (?, ?)').run(board, seq)
    this.db.prepare('DELETE FROM search WHERE rowid = ?').run(seq)
    this.db.prepare('INSERT INTO search(rowid, text) VALUES (?, ?)').run(seq, r.text)
    if (this.terms) for (const word of textWords(r.text)) this.db.prepare('INSERT OR IGNORE INTO search_terms(term) VALUES (?)').run(word)
    this.pictures.write(seq, entry)
    this.swatches?.write(seq, entry)
    this.lineage.write(seq, entry)
    this.extras.replace(seq, old, entry)
  }

  remove(seq: number): void {
    this.extras.replace(seq, this.extras.enabled ? this.current(seq) : null, null)
    this.db.prepare('DELETE FROM entries WHERE seq = ?').run(seq)
    this.db.prepare('DELETE FROM entry_boards WHERE seq = ?').run(seq)
    this.db.prepare('DELETE FROM search WHERE rowid = ?').run(seq)
    this.pictures.remove(seq)
    this.swatches?.remove(seq)
    this.lineage.remove(seq)
  }

  // An entry of a later time holds a key an earlier one needs (see entry-keys): it moves
  // up past it, keeping what repair knew of its folder.
  private moveUp(seq: number): void {
    const row = this.db.prepare('SELECT entry, file_behind, checked FROM entries WHERE seq = ?').get(seq)!
    const entry = JSON.parse(row.entry as string) as LibraryEntry
    this.remove(seq)
    const to = this.keys.free(entryTime(entry))
    this.write(to, entry, row.file_behind === 1)
    this.db.prepare('UPDATE entries SET checked = ? WHERE seq = ?').run(row.checked as string | null, to)
  }
}
