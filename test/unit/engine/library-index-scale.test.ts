// The library index at the size of a large library: a count that stops at "10,000+"
// rather than reading every match of a common word, a word being typed looked up as the
// whole words it begins, and every filter of the gallery answered through an index
// (checked in the query plans and the queries, which do not depend on timing).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { COUNT_AHEAD, LibraryIndex, MAX_COMPLETIONS } from '../../../src/main/core/library/index/library-index'
import { IndexDb } from '../../../src/main/core/library/index/index-db'
import { foldText, matchExpression, queryWords } from '../../../src/main/core/library/index/fold-text'
import { CHECKED_INDEX, FACETS_INDEX } from '../../../src/main/core/library/index/index-schema'
import { countStatement, keysStatement, MODELS_PRESENT, querySql } from '../../../src/main/core/library/index/query-sql'
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
    page: plan(keysStatement(s), [...s.keys.params, 60, 0]),
    count: plan(countStatement(s), [...s.count.params, 10001])
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
      // A page of everything, however deep, skips its offset in the facets index (a few
      // dozen bytes an entry), not through rows that hold whole entries; a search alone
      // finds its page's keys in the search table without reading any entry.
      for (const sort of ['newest', 'oldest'] as const) expect(plans(db, { sort }).page).toMatch(new RegExp(`^SCAN e USING COVERING INDEX ${FACETS_INDEX}$`))
      expect(plans(db, { query: 'dragon' }).page).not.toMatch(/\b(SCAN|SEARCH) [ef]\b/)
      // The search with a filter checks each match in the facets index, not in its row.
      for (const q of [{ query: 'dragon', favorite: true }, { query: 'dragon', modality: 'video' as const, model: 'm1' }]) {
        const { page, count } = plans(db, q)
        expect(page).toContain(`SEARCH f USING COVERING INDEX ${FACETS_INDEX}`)
        expect(count).toContain(`SEARCH f USING COVERING INDEX ${FACETS_INDEX}`)
        expect(`${page} | ${count}`).not.toMatch(/SEARCH e /)
        expect(page).not.toContain('TEMP B-TREE')
      }
      // Several of the entry's own columns: each one's index read in key order and merged, no row read.
      for (const q of [{ favorite: true, model: 'm1' }, { modality: 'video' as const, model: 'm0', favorite: false, from: '2026-01-01', to: '2026-01-01', sort: 'oldest' as const }]) {
        const { page, count } = plans(db, q)
        for (const plan of [page, count]) {
          expect(plan, JSON.stringify(q)).toMatch(/MERGE \(INTERSECT\)/)
          expect(plan, JSON.stringify(q)).toMatch(/COVERING INDEX entries_model \(model=\?/)
          expect(plan, JSON.stringify(q)).not.toMatch(/USING INDEX|SCAN e|TEMP B-TREE/)
        }
      }
    } finally {
      db.close()
    }
    const ids = (q: LibraryQuery) => index.list({ limit: 500, ...q }).entries.map((e) => e.id)
    const jobs = (keep: (n: number) => boolean) => Array.from({ length: 200 }, (_, n) => n).filter(keep).reverse().map((n) => `job-${n}`)
    expect(ids({ favorite: true, model: 'm1' })).toEqual(jobs((n) => n % 7 === 0 && n % 4 === 1))
    expect(ids({ modality: 'image', model: 'm2', favorite: false, sort: 'oldest', offset: 3 })).toEqual(jobs((n) => n % 5 !== 0 && n % 4 === 2 && n % 7 !== 0).reverse().slice(3))
    // made(n) completes at n seconds past 2026-01-01T00:00:00Z.
    expect(ids({ modality: 'image', model: 'm3', from: '2026-01-01T00:01:00Z', to: '2026-01-01T00:02:00Z' })).toEqual(jobs((n) => n % 5 !== 0 && n % 4 === 3 && n >= 60 && n <= 120))
    expect(index.list({ favorite: false, model: 'm0', limit: 1 })).toMatchObject({ total: 50 - 8, totalIsLowerBound: false })
    // An empty model or LoRA filters nothing, merged or not.
    expect(ids({ favorite: true, model: '', lora: '', modality: 'image' })).toEqual(jobs((n) => n % 7 === 0 && n % 5 !== 0))
    // And the answers are the same as reading the rows.
    expect(index.list({ query: 'dragon', favorite: true, modality: 'video', limit: 100 }).entries.map((e) => e.id)).toEqual(
      Array.from({ length: 200 }, (_, n) => n).filter((n) => n % 7 === 0 && n % 5 === 0).reverse().map((n) => `job-${n}`)
    )
  })

  it('reads the lists of a tag, an origin and a tool by key, never every row, and answers as the rows would', async () => {
    const file = await indexFile()
    const index = open(file)
    const imported = (n: number) => ({ tool: n % 8 ? 'a1111' : 'comfyui', source: `/pictures/${n}.png`, importedAt: '2026-01-02T00:00:00Z', details: {}, raw: {} })
    index.transaction(() => {
      for (let n = 0; n < 300; n++) {
        index.put(made(n, n % 2 ? 'dragon' : 'fox', {
          favorite: n % 7 === 0, model: `m${n % 4}`, tags: [n % 3 ? 'Red' : 'blue', ...(n % 5 ? [] : ['sky'])],
          ...(n % 4 === 0 ? { origin: 'import' as const, imported: imported(n) } : {})
        }))
      }
    })
    const db = new DatabaseSync(file, { readOnly: true })
    try {
      const expected: [LibraryQuery, RegExp][] = [
        [{ tagsAll: ['red'] }, /SEARCH t USING PRIMARY KEY \(tag=\?\)/],
        [{ tagsAll: ['red', 'sky'], favorite: true, model: 'm1' }, /SEARCH t USING PRIMARY KEY \(tag=\?.*SEARCH f USING COVERING INDEX entries_facets/],
        // Any of several tags: their lists merged newest first, the other filters merged in as one more list.
        [{ tagsAny: ['red', 'sky'] }, /MERGE \(UNION\) \| LEFT \| SEARCH entry_tags USING PRIMARY KEY \(tag=\?\) \| RIGHT \| SEARCH entry_tags USING PRIMARY KEY \(tag=\?\)/],
        [{ tagsAny: ['red', 'sky', 'blue'], favorite: true }, /MERGE \(INTERSECT\) \| LEFT \| MERGE \(UNION\).*RIGHT \| SEARCH e USING COVERING INDEX entries_favorite/],
        [{ tagsAny: ['red', 'sky'], tagsAll: ['blue'], sort: 'oldest' }, /MERGE \(INTERSECT\).*RIGHT \| SEARCH t USING PRIMARY KEY \(tag=\?\)/],
        [{ tagsAny: ['red', 'sky'], query: 'dragon' }, /MERGE \(INTERSECT\).*RIGHT \| SCAN s VIRTUAL TABLE INDEX \d+:M1/],
        // Any of one tag is that tag's list, read newest first, with nothing gathered first.
        [{ tagsAny: ['sky'], modality: 'image' }, /SEARCH t USING PRIMARY KEY \(tag=\?\)/],
        [{ tagsAny: ['Sky', 'sky'] }, /SEARCH t USING PRIMARY KEY \(tag=\?\)/],
        [{ tagsAny: ['sky'], tagsAll: ['red'] }, /SEARCH t USING PRIMARY KEY \(tag=\?.*SEARCH entry_tags USING PRIMARY KEY/],
        [{ origin: 'import' }, /SEARCH o USING COVERING INDEX entry_sources_origin \(origin=\?\)/],
        [{ tool: 'comfyui', favorite: true }, /SEARCH o USING COVERING INDEX entry_sources_tool \(tool=\?\)/],
        [{ tagsAll: ['red'], origin: 'app' }, /SEARCH t USING PRIMARY KEY \(tag=\?\).*SEARCH entry_sources USING INTEGER PRIMARY KEY/],
        [{ boardsAny: ['b1', 'b2'] }, /SEARCH entry_boards USING PRIMARY KEY \(board=\?\)/]
      ]
      for (const [q, used] of expected) {
        const { page, count } = plans(db, q)
        expect(page, JSON.stringify(q)).toMatch(used)
        expect(count, JSON.stringify(q)).toMatch(used)
        // No table or index read whole, nothing sorted: a page stops early however many carry the tag.
        expect(`${page} | ${count}`, JSON.stringify(q)).not.toMatch(/SCAN (?!\(subquery-\d+\)|s VIRTUAL TABLE)|TEMP B-TREE/)
      }
      for (const q of [{ tagsAny: ['sky'], modality: 'image' as const }, { tagsAny: ['Sky', 'sky'] }, { tagsAny: ['red', 'sky'], favorite: true }]) {
        const { page, count } = plans(db, q)
        expect(`${page} | ${count}`, JSON.stringify(q)).not.toContain('LIST SUBQUERY')
      }
      // A search with a tag checks each match's tags and origin by its key as it comes, newest
      // first without sorting, with no look-up of its facets (nothing of its row is read) and
      // without handing the keys to the search table (which would look each one up).
      const { page, count } = plans(db, { query: 'dragon', tagsAll: ['red'], origin: 'import' })
      for (const plan of [page, count]) {
        expect(plan).toMatch(/SCAN s VIRTUAL TABLE INDEX \d+:M1\b/)
        expect(plan).not.toMatch(/entries_facets|TEMP B-TREE|:=/)
      }
      expect(page).toMatch(/INDEX 192:/)
      // With a filter on the row's own columns, each match's facets are read from their index.
      const withFavourites = plans(db, { query: 'dragon', tagsAll: ['red'], favorite: true })
      expect(withFavourites.page).toContain(`SEARCH f USING COVERING INDEX ${FACETS_INDEX}`)
      expect(withFavourites.page).not.toContain('TEMP B-TREE')
      // The answers are those of the rows.
      expect(index.list({ query: 'dragon', tagsAll: ['red'], limit: 500 }).entries.map((e) => e.id)).toEqual(
        index.list({ tagsAll: ['red'], limit: 500 }).entries.filter((e) => (e.prompt ?? '').includes('dragon')).map((e) => e.id)
      )
    } finally {
      db.close()
    }
    const rows = Array.from({ length: 300 }, (_, n) => n).reverse()
    const ids = (q: LibraryQuery) => index.list({ limit: 500, ...q }).entries.map((e) => e.id)
    const jobs = (keep: (n: number) => boolean) => rows.filter(keep).map((n) => `job-${n}`)
    expect(ids({ tagsAll: ['RED', 'sky'], favorite: true })).toEqual(jobs((n) => n % 3 !== 0 && n % 5 === 0 && n % 7 === 0))
    expect(ids({ tagsAny: ['blue', 'SKY'], model: 'm2' })).toEqual(jobs((n) => (n % 3 === 0 || n % 5 === 0) && n % 4 === 2))
    expect(ids({ tagsAny: ['blue', 'SKY', 'red'], favorite: true, sort: 'oldest' })).toEqual(jobs((n) => n % 7 === 0).reverse())
    expect(ids({ tagsAny: ['blue', 'sky'], tagsAll: ['red'], query: 'dragon', offset: 2 })).toEqual(jobs((n) => n % 5 === 0 && n % 3 !== 0 && n % 2 === 1).slice(2))
    expect(index.list({ tagsAny: ['blue', 'sky'], limit: 1 })).toMatchObject({ total: 140, totalIsLowerBound: false })
    // As many tags as a filter may name: one arm each, merged all the same.
    const many = [...Array.from({ length: 48 }, (_, i) => `none-${i}`), 'SKY', 'blue']
    expect(ids({ tagsAny: many, favorite: true, model: 'm0' })).toEqual(jobs((n) => (n % 3 === 0 || n % 5 === 0) && n % 7 === 0 && n % 4 === 0))
    expect(index.list({ tagsAny: ['blue', 'sky'], tagsAll: ['red'], limit: 1 }).total).toBe(40)
    expect(ids({ tagsAny: ['SKY'], model: 'm2' })).toEqual(jobs((n) => n % 5 === 0 && n % 4 === 2))
    expect(ids({ tagsAny: ['sky', 'Sky'], tagsAll: ['red'] })).toEqual(jobs((n) => n % 5 === 0 && n % 3 !== 0))
    expect(index.list({ tagsAny: ['sky'], limit: 1 }).total).toBe(60)
    expect(ids({ origin: 'import', tool: 'a1111' })).toEqual(jobs((n) => n % 4 === 0 && n % 8 !== 0))
    expect(ids({ origin: 'app', query: 'dragon', tagsAll: ['blue'] })).toEqual(jobs((n) => n % 4 !== 0 && n % 2 === 1 && n % 3 === 0))
    expect(ids({ tool: 'comfyui', favorite: true })).toEqual(jobs((n) => n % 8 === 0 && n % 7 === 0))
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

describe('the models the library holds', () => {
  it('are each model once, sorted, found by stepping through the model index rather than reading every entry', async () => {
    const file = await indexFile()
    const index = open(file)
    index.transaction(() => {
      for (let n = 0; n < 300; n++) index.put(made(n, 'harbour', { model: ['v2-1', 'i1-1', 'm1-1'][n % 3]! }))
    })
    expect(index.models()).toEqual(['i1-1', 'm1-1', 'v2-1'])
    index.remove('job-0')
    index.remove('job-3')
    expect(index.models()).toEqual(['i1-1', 'm1-1', 'v2-1'])
    // The last entry of a model gone, so is the model.
    for (let n = 0; n < 300; n += 3) index.remove(`job-${n}`)
    expect(index.models()).toEqual(['i1-1', 'm1-1'])
    const db = new DatabaseSync(file, { readOnly: true })
    try {
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${MODELS_PRESENT}`).all().map((r) => String(r.detail)).join(' | ')
      expect(plan).toMatch(/SEARCH entries USING COVERING INDEX entries_model \(model>\?\)/)
      expect(plan).not.toMatch(/SCAN entries(?! USING)|TEMP B-TREE/)
    } finally {
      db.close()
    }
  })
})

describe('a word being typed', () => {
  // Words sharing beginnings, some with accents, and one beginning ("sta") shared by more
  // words than are ever listed, so it is asked of the index as a prefix.
  const many = Array.from({ length: MAX_COMPLETIONS + 5 }, (_, n) => `sta${n.toString(36)}x`)
  const vocabulary = ['drag', 'dragon', 'dragonfly', 'draw', 'café', 'cafeteria', 'Caféine', 'fox', 'forest', 'ﬁne', 'finest', ...many]

  /** Three to five words of the vocabulary, the same for every run (a small linear congruential sequence). */
  function prompt(n: number): string {
    let state = n * 2654435761 + 1
    const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    return Array.from({ length: 3 + (n % 3) }, () => vocabulary[Math.floor(next() * vocabulary.length)]).join(', ')
  }

  /** What the search promises, worked out from the prompts themselves: every word whole, the last one begun. */
  function expected(entries: LibraryEntry[], query: string): string[] {
    const words = queryWords(query)
    const last = words.length - 1
    return entries
      .filter((e) => {
        const have = queryWords(`${e.prompt} ${e.model}`)
        return words.every((w, i) => (i === last && [...w].length >= 3 ? have.some((h) => h.startsWith(w)) : have.includes(w)))
      })
      .map((e) => e.id)
      .reverse()
  }

  it('is looked up as the words of the library it begins, finding what its beginning would', async () => {
    const file = await indexFile()
    const index = open(file)
    const entries = Array.from({ length: 300 }, (_, n) => made(n, prompt(n)))
    index.transaction(() => entries.forEach((e) => index.put(e)))
    expect(matchExpression('fox drag', (p) => index.wordsBeginning(p))).toBe('"fox" AND ("drag" OR "dragon" OR "dragonfly")')
    expect(index.wordsBeginning('cafe')).toEqual(['cafe', 'cafeine', 'cafeteria'])
    expect(index.wordsBeginning('sta')).toBeNull()
    expect(index.wordsBeginning('zebra')).toEqual([])
    const queries = ['drag', 'dra', 'dragonf', 'fox drag', 'CAFE', 'café fox', 'fine', 'fin', 'sta', 'fox sta', 'sta1', 'zeb', 'fox dr']
    for (const query of queries) {
      expect(index.list({ query, limit: 1000 }).entries.map((e) => e.id), query).toEqual(expected(entries, query))
    }
    // The prompts make every query but the last two find something.
    expect(queries.filter((q) => expected(entries, q).length === 0)).toEqual(['zeb', 'fox dr'])
    expect(foldText('Caféine')).toBe('cafeine')
  })

  it('finds the words of an index made before the word list, which it gets at open', async () => {
    const file = await indexFile()
    const index = open(file)
    const entries = Array.from({ length: 300 }, (_, n) => made(n, prompt(n)))
    index.transaction(() => entries.forEach((e) => index.put(e)))
    opened.pop()!.close()
    const db = new DatabaseSync(file)
    db.exec('DROP TABLE search_terms')
    db.close()
    const reopened = open(file)
    expect(reopened.wordsBeginning('drag')).toEqual(['drag', 'dragon', 'dragonfly'])
    expect(reopened.list({ query: 'fox drago', limit: 1000 }).entries.map((e) => e.id)).toEqual(expected(entries, 'fox drago'))
    expect(expected(entries, 'fox drago').length).toBeGreaterThan(0)
  })
})

describe('every id, for repair', () => {
  it('comes a chunk at a time in id order, each id once, with entries added between chunks read too when they sort later', async () => {
    const index = open(await indexFile())
    index.transaction(() => Array.from({ length: 10 }, (_, n) => index.put(made(n, 'fox'))))
    index.setChecked([['job-4', 'facts of job-4']])
    const chunks: { id: string; checked: string | null }[][] = []
    for (const rows of index.checkedChunks(3)) {
      chunks.push(rows)
      if (chunks.length === 1) index.put(made(50, 'a later one'))
    }
    expect(chunks.map((c) => c.length)).toEqual([3, 3, 3, 2])
    const ids = [...Array.from({ length: 10 }, (_, n) => `job-${n}`), 'job-50'].sort()
    expect(chunks.flat().map((r) => r.id)).toEqual(ids)
    expect(chunks.flat().filter((r) => r.checked !== null)).toEqual([{ id: 'job-4', checked: 'facts of job-4' }])
  })

  it('reads the ids and their facts from an index of their own, never the rows', async () => {
    const file = await indexFile()
    open(file).put(made(1, 'fox'))
    const db = new DatabaseSync(file, { readOnly: true })
    const plan = (sql: string, ...params: string[]) => db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params, 500).map((r) => String(r.detail)).join(' | ')
    expect(plan('SELECT id, checked FROM entries ORDER BY id LIMIT ?')).toBe(`SCAN entries USING COVERING INDEX ${CHECKED_INDEX}`)
    expect(plan('SELECT id, checked FROM entries WHERE id > ? ORDER BY id LIMIT ?', 'job-0')).toBe(`SEARCH entries USING COVERING INDEX ${CHECKED_INDEX} (id>?)`)
    db.close()
  })
})

describe("an entry's own rows", () => {
  // Saving, changing and removing one entry must cost the same in a library of a million as
  // in one of ten: every statement of the write path finds the entry's rows by a key or an
  // index. A statement that scans a table (a lookup by a column no index leads with) passes
  // every other test and makes each save read the whole table.
  it('are found through a key or an index by every statement that writes or removes them', async () => {
    const file = await indexFile()
    const index = open(file)
    const picture = (i: number, hex: string, hash: string) => ({
      index: i, role: 'image' as const, url: null, path: `files/p/${i}.png`, thumbnail: null, state: 'saved' as const, lostReason: null, bytes: 10,
      sha256: `${i}`.repeat(64).slice(0, 64), mime: 'image/png', width: 64, height: 64, durationSeconds: null,
      look: { perceptualHash: hash, palette: [{ hex, share: 0.6 }, { hex: '#2050e0', share: 0.3 }] }
    })
    const source = made(1, 'a red fox', { files: [picture(0, '#e02020', '0123456789abcdef')], tags: ['fox'] })
    const derived = made(2, 'a red fox, upscaled', {
      files: [picture(0, '#e02020', '0123456789abcdee'), picture(1, '#20a040', 'fedcba9876543210')], boards: ['b1'], tags: ['fox', 'sky'], favorite: true,
      inputs: [{ field: 'image', fileName: 'a.png', path: 'inputs/a.png', sha256: 'a'.repeat(64), bytes: 10, mime: 'image/png', sourceJobId: source.id, sourceIndex: 0 }]
    })
    const statements = new Set<string>()
    const realPrepare = IndexDb.prototype.prepare
    const prepare = vi.spyOn(IndexDb.prototype, 'prepare').mockImplementation(function (this: IndexDb, text: string) {
      statements.add(text)
      return realPrepare.call(this, text)
    })
    index.transaction(() => [source, derived].forEach((e) => index.put(e)))
    index.put({ ...derived, favorite: false, boards: [], tags: ['sky'], files: [picture(0, '#f0c020', '1123456789abcdef')] })
    index.remove(derived.id)
    prepare.mockRestore()
    expect(statements.size).toBeGreaterThan(10)

    const db = new DatabaseSync(file, { readOnly: true })
    try {
      const scans = [...statements].flatMap((sql) => {
        if (!/^\s*(SELECT|DELETE|UPDATE|INSERT[\s\S]*SELECT)/i.test(sql)) return []
        const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all().map((r) => String(r.detail))
        // A scan of the prompt search's virtual table is a lookup by rowid; a scan of one entry's rows in a subquery is bounded.
        const tableScans = plan.filter((d) => /^SCAN (?!search VIRTUAL)/.test(d) && !/CONSTANT ROW|LIST SUBQUERY/.test(d))
        return tableScans.length > 0 ? [`${sql.replace(/\s+/g, ' ')} → ${tableScans.join('; ')}`] : []
      })
      expect(scans).toEqual([])
    } finally {
      db.close()
    }
  })
})
