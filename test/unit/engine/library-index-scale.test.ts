// The library index at the size of a large library: a count that stops at "10,000+"
// rather than reading every match of a common word, and every filter of the gallery
// answered through an index (checked in the query plans, which do not depend on timing).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, describe, expect, it } from 'vitest'
import { COUNT_AHEAD, LibraryIndex } from '../../../src/main/core/library/index/library-index'
import { FACETS_INDEX } from '../../../src/main/core/library/index/index-schema'
import { querySql } from '../../../src/main/core/library/index/query-sql'
import type { LibraryQuery } from '../../../src/shared/app/library-query'
import type { LibraryEntry } from '../../../src/shared/app/views'

const dirs: string[] = []
const opened: LibraryIndex[] = []
afterEach(async () => {
  while (opened.length) opened.pop()!.close()
  while (dirs.length) await rm(dirs.pop()!, { recursive: true, force: true })
})

async function indexFile(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'library-index-scale-'))
  dirs.push(dir)
  return join(dir, 'index.sqlite')
}

function open(file: string): LibraryIndex {
  const index = LibraryIndex.open(file)
  opened.push(index)
  return index
}

function made(n: number, prompt: string, over: Partial<LibraryEntry> = {}): LibraryEntry {
  const at = new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString()
  return {
    id: `job-${n}`, jobId: `job-${n}`, model: 'i1-1', modality: 'image', prompt, params: {}, creditCost: 3, createdAt: at, completedAt: at,
    savedAt: at, origin: 'app', files: [], inputs: [], favorite: false, boards: [], ...over
  }
}

describe('the count of matches', () => {
  it('is exact up to 10,000 past the page, then "at least", counting further as the pages go deeper', async () => {
    const index = open(await indexFile())
    const more = 50
    index.transaction(() => {
      for (let n = 0; n < COUNT_AHEAD + more; n++) index.put(made(n, n % 2 ? 'fox in the forest' : 'fox by the sea', { favorite: n % 2 === 1 }))
    })
    expect(COUNT_AHEAD).toBe(10_000)
    expect(index.list({ query: 'fox', limit: 10 })).toMatchObject({ total: COUNT_AHEAD, totalIsLowerBound: true })
    expect(index.list({ modality: 'image', limit: 10 })).toMatchObject({ total: COUNT_AHEAD, totalIsLowerBound: true })
    // A page further down counts as far past itself: here, to the last match.
    expect(index.list({ query: 'fox', offset: more, limit: 10 })).toMatchObject({ total: COUNT_AHEAD + more, totalIsLowerBound: false })
    // Fewer matches than that are counted exactly, with and without the search.
    expect(index.list({ query: 'forest', limit: 10 })).toMatchObject({ total: (COUNT_AHEAD + more) / 2, totalIsLowerBound: false })
    expect(index.list({ query: 'fox', favorite: true, limit: 10 })).toMatchObject({ total: (COUNT_AHEAD + more) / 2, totalIsLowerBound: false })
    expect(index.list({ favorite: false, limit: 10 })).toMatchObject({ total: (COUNT_AHEAD + more) / 2, totalIsLowerBound: false })
    // Every entry is counted exactly (the index keeps that count).
    expect(index.list({ limit: 10 })).toMatchObject({ total: COUNT_AHEAD + more, totalIsLowerBound: false })
  })
})

/** The query plan SQLite picks for the gallery's page and for its count. */
function plans(db: DatabaseSync, q: LibraryQuery): { page: string; count: string } {
  const s = querySql(q)
  const plan = (sql: string, params: unknown[]) =>
    db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...(params as string[])).map((r) => String(r.detail)).join(' | ')
  return {
    page: plan(`SELECT e.entry ${s.from} ${s.order} LIMIT 60 OFFSET 0`, s.params),
    count: plan(`SELECT count(*) AS n FROM (SELECT 1 ${s.count.from} LIMIT 10001)`, s.count.params)
  }
}

describe('every filter of the gallery', () => {
  it('reads an index, newest first without sorting, never every row', async () => {
    const file = await indexFile()
    const index = open(file)
    index.transaction(() => {
      for (let n = 0; n < 200; n++) index.put(made(n, 'dragon', { favorite: n % 7 === 0, modality: n % 5 ? 'image' : 'video', model: `m${n % 4}`, boards: n % 9 ? [] : ['b1'] }))
    })
    const db = new DatabaseSync(file, { readOnly: true })
    try {
      const expected: [LibraryQuery, RegExp][] = [
        [{ favorite: true }, /USING (COVERING )?INDEX entries_favorite/],
        [{ modality: 'video' }, /USING (COVERING )?INDEX entries_modality/],
        [{ model: 'm1' }, /USING (COVERING )?INDEX entries_model/],
        [{ lora: 'l1' }, /USING (COVERING )?INDEX entries_lora/],
        [{ status: 'lost' }, /USING (COVERING )?INDEX entries_unsaved/],
        [{ board: 'b1' }, /entry_boards USING PRIMARY KEY \(board=\?\)/]
      ]
      for (const [q, used] of expected) {
        const { page, count } = plans(db, q)
        expect(page, JSON.stringify(q)).toMatch(used)
        expect(count, JSON.stringify(q)).toMatch(used)
        expect(`${page} | ${count}`, JSON.stringify(q)).not.toMatch(/SCAN e(?! USING)|TEMP B-TREE/)
      }
      // The search with a filter checks each match in the facets index, not in its row.
      for (const q of [{ query: 'dragon', favorite: true }, { query: 'dragon', modality: 'video' as const, model: 'm1' }]) {
        const { page, count } = plans(db, q)
        expect(page).toContain(`SEARCH f USING COVERING INDEX ${FACETS_INDEX}`)
        expect(count).toContain(`SEARCH f USING COVERING INDEX ${FACETS_INDEX}`)
        expect(count).not.toMatch(/SEARCH e /)
        expect(page).not.toContain('TEMP B-TREE')
      }
    } finally {
      db.close()
    }
    // And the answers are the same as reading the rows.
    expect(index.list({ query: 'dragon', favorite: true, modality: 'video', limit: 100 }).entries.map((e) => e.id)).toEqual(
      Array.from({ length: 200 }, (_, n) => n).filter((n) => n % 7 === 0 && n % 5 === 0).reverse().map((n) => `job-${n}`)
    )
  })

  it('gets the facets index when an index made before it is opened', async () => {
    const file = await indexFile()
    open(file).put(made(1, 'dragon', { favorite: true }))
    opened.pop()!.close()
    const db = new DatabaseSync(file)
    db.exec(`DROP INDEX ${FACETS_INDEX}`)
    db.close()
    const index = open(file)
    expect(index.list({ query: 'dragon', favorite: true }).entries.map((e) => e.id)).toEqual(['job-1'])
    const check = new DatabaseSync(file, { readOnly: true })
    expect(check.prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND name = ?").get(FACETS_INDEX)).toBeDefined()
    check.close()
  })
})
