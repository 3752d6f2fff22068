// Turns a gallery query into SQL over the index that finds the keys of a page, never its
// rows: filters on indexed columns, the prompt search through the full-text table
// (driving the query, newest first, so a page stops early), and the order asked for. The
// rows (each with its whole entry) are read by key afterwards, for the page alone: a page
// deep in a million entries skips its offset in a narrow index, not through every row.
import type { SQLInputValue } from 'node:sqlite'
import type { LibraryQuery } from '../../../../shared/app/library-query'
import { PLAIN_TIME_KEYS, type TimeKeys } from './entry-keys'
import { matchExpression, type Completions } from './fold-text'
import { FACETS_INDEX } from './index-schema'
import { colourClause, withColour } from './colour-filter'

interface Sql {
  /** From `FROM` to the end of `WHERE`. */
  from: string
  params: SQLInputValue[]
}

export interface QuerySql {
  /** The matches: select `key` (an entry's seq) from here, in `order`. */
  keys: Sql & { key: string }
  /** The same for counting the matches: a search alone is counted in the search table, without reading an entry. */
  count: Sql
  /** The ORDER BY clause. */
  order: string
  /** True when the query filters nothing (every entry matches). */
  everything: boolean
}

function timeOf(value: string | undefined, endOfDay: boolean): number | null {
  if (!value) return null
  // A bare date means the whole day: from its first moment, to its last.
  const t = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T${endOfDay ? '23:59:59.999' : '00:00:00'}Z` : value)
  return Number.isFinite(t) ? t : null
}

function filters(q: LibraryQuery, t: string, keys: TimeKeys): { where: string[]; params: SQLInputValue[] } {
  const where: string[] = []
  const params: SQLInputValue[] = []
  const add = (clause: string, ...values: SQLInputValue[]) => {
    where.push(clause)
    params.push(...values)
  }
  const from = timeOf(q.from, false)
  const to = timeOf(q.to, true)
  if (q.modality) add(`${t}.modality = ?`, q.modality)
  if (q.model) add(`${t}.model = ?`, q.model)
  if (from !== null) add(`${t}.seq >= ?`, keys.firstFrom(from))
  if (to !== null) add(`${t}.seq <= ?`, keys.lastUpTo(to))
  if (q.status === 'saved') add(`${t}.pending = 0 AND ${t}.lost = 0`)
  if (q.status === 'waiting') add(`${t}.pending > 0`)
  if (q.status === 'lost') add(`${t}.lost > 0`)
  if (q.favorite !== undefined) add(`${t}.favorite = ?`, q.favorite ? 1 : 0)
  if (q.board) add(`${t}.seq IN (SELECT seq FROM entry_boards WHERE board = ?)`, q.board)
  if (q.lora) add(`${t}.lora = ?`, q.lora)
  // The colour leads the page itself (see withColour), but for "dearest first".
  if (q.colour && q.sort === 'cost') add(...colourClause(t, q.colour))
  return { where, params }
}

function orderOf(sort: LibraryQuery['sort'], key: string): string {
  if (sort === 'oldest') return `ORDER BY ${key} ASC`
  // Dearest first; equal costs newest first.
  if (sort === 'cost') return `ORDER BY coalesce(e.cost, -1) DESC, ${key} DESC`
  return `ORDER BY ${key} DESC`
}

export interface IndexFeatures {
  /** Whether the index has its facets index (see index-schema). */
  facets?: boolean
  /** The words of the library a typed beginning completes to (see fold-text's matchExpression). */
  completions?: Completions | undefined
  /** Where the keys of a time begin and end, for the date filters (see entry-keys). */
  timeKeys?: TimeKeys
  /** Whether the index has its picture tables (see picture-schema); without them a colour matches nothing. */
  pictures?: boolean
}

export function querySql(q: LibraryQuery, features: IndexFeatures = {}): QuerySql {
  const s = queryWithoutColour(q, features)
  return q.colour && q.sort !== 'cost' ? withColour(q, s, features.pictures ?? true) : s
}

function queryWithoutColour(q: LibraryQuery, { facets = true, completions, timeKeys = PLAIN_TIME_KEYS }: IndexFeatures): QuerySql {
  const match = matchExpression(q.query ?? '', completions)
  if (match === null) {
    const { where, params } = filters(q, 'e', timeKeys)
    // Unfiltered, the planner reads the keys from the facets index (a few dozen bytes an
    // entry, in key order) rather than from the table, whose rows hold whole entries.
    const from = `FROM entries e${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`
    return { keys: { from, params, key: 'e.seq' }, count: { from, params }, order: orderOf(q.sort, 'e.seq'), everything: where.length === 0 }
  }
  // The search leads (CROSS JOIN keeps that order), so its rowid order is the page's order.
  // Each match's filter columns are read from the facets index (`f`), a few dozen bytes,
  // not from its row with the whole entry.
  if (q.sort === 'cost') {
    // Dearest first needs each match's cost, which only its row has: every match is sorted anyway.
    const { where, params } = filters(q, 'e', timeKeys)
    const byCost = { from: `FROM search s CROSS JOIN entries e ON e.seq = s.rowid WHERE ${['search MATCH ?', ...where].join(' AND ')}`, params: [match, ...params] }
    return { keys: { ...byCost, key: 's.rowid' }, count: byCost, order: orderOf(q.sort, 's.rowid'), everything: false }
  }
  const { where, params } = filters(q, 'f', timeKeys)
  if (where.length === 0) {
    const alone = { from: 'FROM search s WHERE search MATCH ?', params: [match] }
    return { keys: { ...alone, key: 's.rowid' }, count: alone, order: orderOf(q.sort, 's.rowid'), everything: false }
  }
  const from = `FROM search s CROSS JOIN entries f${facets ? ` INDEXED BY ${FACETS_INDEX}` : ''} ON f.seq = s.rowid WHERE ${['search MATCH ?', ...where].join(' AND ')}`
  const matches = { from, params: [match, ...params] }
  return { keys: { ...matches, key: 's.rowid' }, count: matches, order: orderOf(q.sort, 's.rowid'), everything: false }
}

/** The statement for a page's keys: its parameters are the keys' own, then the limit and the offset. */
export const keysStatement = (s: QuerySql): string => `SELECT ${s.keys.key} AS seq ${s.keys.from} ${s.order} LIMIT ? OFFSET ?`

/** The statement counting matches: its parameters are the count's own, then how many to count at most. */
export const countStatement = (s: QuerySql): string => `SELECT count(*) AS n FROM (SELECT 1 ${s.count.from} LIMIT ?)`

/** Each model once, in order: from the least, the next one above it in `entries_model`, until none. */
export const MODELS_PRESENT = `WITH RECURSIVE present(model) AS (
  SELECT min(model) FROM entries
  UNION ALL SELECT (SELECT min(model) FROM entries WHERE model > present.model) FROM present WHERE present.model IS NOT NULL
) SELECT model FROM present WHERE model IS NOT NULL`
