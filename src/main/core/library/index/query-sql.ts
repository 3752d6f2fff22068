// Turns a gallery query into SQL over the index that finds the keys of a page, never its
// rows: filters on indexed columns, the prompt search through the full-text table
// (driving the query, newest first, so a page stops early), and the order asked for. The
// rows (each with its whole entry) are read by key afterwards, for the page alone: a page
// deep in a million entries skips its offset in a narrow index, not through every row.
//
// A filter whose matches are listed in a table of their own by key (a tag, an origin, a
// tool) leads the query when there is no search, the same way: its list is read newest
// first and each match is checked against the other filters in the facets index, so a
// page stops early however many entries carry the tag.
import type { SQLInputValue } from 'node:sqlite'
import type { LibraryQuery } from '../../../../shared/app/library-query'
import { tagKey } from '../../../../shared/app/tags'
import { PLAIN_TIME_KEYS, type TimeKeys } from './entry-keys'
import { matchExpression, type Completions } from './fold-text'
import { FACETS_INDEX } from './index-schema'
import { colourClause, withColour } from './colour-filter'
import { ALL_KEYS, mergedWith, type Arms } from './merged-keys'
import { swatchOf } from './colour-swatches'

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
  /** True when it reads the tags, origins or file hashes (which an index opened on a full disk may lack). */
  curation: boolean
}

function timeOf(value: string | undefined, endOfDay: boolean): number | null {
  if (!value) return null
  // A bare date means the whole day: from its first moment, to its last.
  const t = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T${endOfDay ? '23:59:59.999' : '00:00:00'}Z` : value)
  return Number.isFinite(t) ? t : null
}

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ')

/** The table a filter's matches are listed in, read newest first when it leads the query. */
interface Lead {
  /** The table and its alias, e.g. `entry_tags t`. */
  table: string
  /** Its key column, e.g. `t.seq`. */
  key: string
  where: string[]
  params: SQLInputValue[]
  /** The filter it stands for, left out of the rest (a search stands for none). */
  takes?: 'tag' | 'anyTag' | 'origin' | 'tool' | 'colour'
  /** Its rows carry the filter columns of the facets index (the colour swatches' table): the other filters read them there. */
  facets?: boolean
}

/** The filter that leads when there is no search: a swatch colour, else a tag every match carries, else the origin, else the tool. */
function leadOf(q: LibraryQuery, sourcesFilled: boolean, swatches: boolean): Lead | null {
  const swatch = swatches && q.sort !== 'cost' ? swatchOf(q.colour) : null
  if (swatch) return { table: 'colour_swatches w', key: 'w.seq', where: ['w.swatch = ?'], params: [swatch], takes: 'colour', facets: true }
  const tag = q.tagsAll?.[0]
  if (tag !== undefined) return { table: 'entry_tags t', key: 't.seq', where: ['t.tag = ?'], params: [tagKey(tag)], takes: 'tag' }
  // Any of one tag is that tag: its list leads, as for "all of".
  const anyOf = new Set(q.tagsAny?.map(tagKey))
  if (anyOf.size === 1) return { table: 'entry_tags t', key: 't.seq', where: ['t.tag = ?'], params: [...anyOf], takes: 'anyTag' }
  if (!sourcesFilled) return null
  if (q.origin) return { table: 'entry_sources o', key: 'o.seq', where: ['o.origin = ?'], params: [q.origin], takes: 'origin' }
  if (q.tool) return { table: 'entry_sources o INDEXED BY entry_sources_tool', key: 'o.seq', where: ['o.tool = ?'], params: [q.tool], takes: 'tool' }
  return null
}

interface Options {
  keys: TimeKeys
  /** The column holding each candidate's key (for the date range and the lists keyed by entry). */
  seq: string
  /** Whether every entry's origin and tool are in `entry_sources` yet (see sources-fill). */
  sourcesFilled: boolean
  /** What the leading table stands for. */
  lead?: Lead['takes']
}

interface Filters {
  where: string[]
  params: SQLInputValue[]
  /** Whether a clause reads a column of the candidate's row (else only its key). */
  columns: boolean
  curation: boolean
}

function filters(q: LibraryQuery, t: string, o: Options): Filters {
  const f: Filters = { where: [], params: [], columns: false, curation: false }
  const add = (clause: string, ...values: SQLInputValue[]) => {
    f.where.push(clause)
    f.params.push(...values)
  }
  const column = (clause: string, ...values: SQLInputValue[]) => {
    f.columns = true
    add(`${t}.${clause}`, ...values)
  }
  const from = timeOf(q.from, false)
  const to = timeOf(q.to, true)
  if (q.modality) column('modality = ?', q.modality)
  if (q.model) column('model = ?', q.model)
  if (from !== null) add(`${o.seq} >= ?`, o.keys.firstFrom(from))
  if (to !== null) add(`${o.seq} <= ?`, o.keys.lastUpTo(to))
  if (q.status === 'saved') column(`pending = 0 AND ${t}.lost = 0`)
  if (q.status === 'waiting') column('pending > 0')
  if (q.status === 'lost') column('lost > 0')
  if (q.favorite !== undefined) column('favorite = ?', q.favorite ? 1 : 0)
  if (q.board) add(`${o.seq} IN (SELECT seq FROM entry_boards WHERE board = ?)`, q.board)
  if (q.boardsAny?.length) add(`${o.seq} IN (SELECT seq FROM entry_boards WHERE board IN (${marks(q.boardsAny.length)}))`, ...q.boardsAny)
  if (q.lora) column('lora = ?', q.lora)
  for (const tag of (q.tagsAll ?? []).slice(o.lead === 'tag' ? 1 : 0)) add(`${o.seq} IN (SELECT seq FROM entry_tags WHERE tag = ?)`, tagKey(tag))
  if (q.tagsAny?.length && o.lead !== 'anyTag') add(`${o.seq} IN (SELECT seq FROM entry_tags WHERE tag IN (${marks(q.tagsAny.length)}))`, ...q.tagsAny.map(tagKey))
  // Each match's origin is one look-up by its key; until every entry's is in the table, the entries' own record is read.
  const source = (name: 'origin' | 'tool', path: string, value: string) => o.sourcesFilled
    ? add(`(SELECT ${name} FROM entry_sources WHERE seq = ${o.seq}) = ?`, value)
    : add(`${o.seq} IN (SELECT seq FROM entries WHERE json_extract(entry, '${path}') = ?)`, value)
  if (q.origin && o.lead !== 'origin') source('origin', '$.origin', q.origin)
  if (q.tool && o.lead !== 'tool') source('tool', '$.imported.tool', q.tool)
  // The colour leads the page itself (see withColour), but for "dearest first".
  if (q.colour && q.sort === 'cost') add(...colourClause(t, q.colour))
  f.curation = (q.tagsAll?.length ?? 0) > 0 || (q.tagsAny?.length ?? 0) > 0 || q.origin !== undefined || q.tool !== undefined
  return f
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
  /** The last key whose origin is in `entry_sources` (see sources-fill); every key by default. */
  sourcesFilledTo?: number
  /** Whether every entry's swatch colours are in `colour_swatches` (see colour-swatches). */
  swatches?: boolean
  /** Whether a colour with favourites reads `favourite_colours` (see favourite-colours); yes by default. */
  favouriteColours?: boolean
}

export function querySql(q: LibraryQuery, features: IndexFeatures = {}): QuerySql {
  // Any of several tags: their lists merged in the gallery's order, rather than every entry
  // carrying one gathered before the first page (with a colour, the colour merges instead).
  const anyTags = [...new Set(q.tagsAny?.map(tagKey))]
  if (anyTags.length > 1 && !q.colour && q.sort !== 'cost') {
    return { ...mergedWith(tagArms(anyTags), queryWithoutColour({ ...q, tagsAny: undefined }, features), q.sort), curation: true }
  }
  const s = queryWithoutColour(q, features)
  if (!q.colour || q.sort === 'cost' || s.colourLed) return s
  const pictures = features.pictures ?? true
  if (q.favorite === true && (features.favouriteColours ?? true)) {
    const rest = queryWithoutColour({ ...q, favorite: undefined }, features)
    return { ...withColour(q, rest, pictures, 'favourite_colours'), curation: rest.curation }
  }
  return { ...withColour(q, s, pictures), curation: s.curation }
}

/** The entry's own columns a filter names, each with an index of (column, seq). */
const OWN_COLUMNS = ['favorite', 'modality', 'model', 'lora'] as const

/**
 * Two or more of the entry's own columns filtered, and nothing else but dates: each
 * column's index read as a list of keys in key order, and the lists merged (INTERSECT;
 * see merged-keys). An index read in order costs a few dozen nanoseconds a key; checking
 * one index's matches against the others in their rows reads a whole entry for each (a
 * model's favourites since a date read every favourite since then, about 75 ms at a million).
 */
function columnArms(q: LibraryQuery, keys: TimeKeys): Arms | null {
  // As `filters` reads them: an empty model, kind or LoRA filters nothing.
  const named = OWN_COLUMNS.filter((c) => (c === 'favorite' ? q.favorite !== undefined : Boolean(q[c])))
  const others = q.status ?? q.board ?? q.boardsAny?.[0] ?? q.tagsAll?.[0] ?? q.tagsAny?.[0] ?? q.origin ?? q.tool
  if (named.length < 2 || others !== undefined || q.sort === 'cost') return null
  const from = timeOf(q.from, false)
  const to = timeOf(q.to, true)
  const range = `${from === null ? '' : ' AND seq >= ?'}${to === null ? '' : ' AND seq <= ?'}`
  const bounds = [...(from === null ? [] : [keys.firstFrom(from)]), ...(to === null ? [] : [keys.lastUpTo(to)])]
  return {
    sql: named.map((c) => `SELECT seq FROM entries WHERE ${c} = ?${range}`).join(' INTERSECT '),
    params: named.flatMap((c) => [c === 'favorite' ? (q.favorite ? 1 : 0) : (q[c] as string), ...bounds])
  }
}

/** Each of several tags' lists, read by key (see merged-keys). */
const tagArms = (tags: string[]): Arms => ({ sql: tags.map(() => 'SELECT seq FROM entry_tags WHERE tag = ?').join(' UNION '), params: tags })

function queryWithoutColour(q: LibraryQuery, { facets = true, completions, timeKeys = PLAIN_TIME_KEYS, sourcesFilledTo = Number.MAX_SAFE_INTEGER, swatches = false }: IndexFeatures): QuerySql & { colourLed?: boolean } {
  const match = matchExpression(q.query ?? '', completions)
  const sourcesFilled = sourcesFilledTo >= Number.MAX_SAFE_INTEGER
  const lead: Lead | null = match === null ? leadOf(q, sourcesFilled, swatches) : { table: 'search s', key: 's.rowid', where: ['search MATCH ?'], params: [match] }
  if (lead === null) {
    const columns = columnArms(q, timeKeys)
    if (columns) return { ...mergedWith(columns, ALL_KEYS, q.sort), curation: false }
    const { where, params, curation } = filters(q, 'e', { keys: timeKeys, seq: 'e.seq', sourcesFilled })
    // Unfiltered, the planner reads the keys from the facets index (a few dozen bytes an
    // entry, in key order) rather than from the table, whose rows hold whole entries.
    const from = `FROM entries e${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`
    return { keys: { from, params, key: 'e.seq' }, count: { from, params }, order: orderOf(q.sort, 'e.seq'), everything: where.length === 0, curation }
  }
  // The lead comes first (CROSS JOIN keeps that order), so its key order is the page's order.
  // A search's matches are checked by the key of their facets (`f.seq`): constraints on
  // the search's own rowid would have it look each one up and sort them.
  const searching = match !== null
  const rest = (t: string) => filters(q, t, { keys: timeKeys, seq: searching ? `${t}.seq` : lead.key, sourcesFilled, ...(lead.takes ? { lead: lead.takes } : {}) })
  const statement = (join: string, f: Filters): Omit<QuerySql, 'order' | 'everything'> => {
    const sql = { from: `FROM ${lead.table}${join} WHERE ${[...lead.where, ...f.where].join(' AND ')}`, params: [...lead.params, ...f.params] }
    return { keys: { ...sql, key: lead.key }, count: sql, curation: f.curation }
  }
  if (q.sort === 'cost') {
    // Dearest first needs each match's cost, which only its row has: every match is sorted anyway.
    return { ...statement(` CROSS JOIN entries e ON e.seq = ${lead.key}`, rest('e')), order: orderOf(q.sort, lead.key), everything: false }
  }
  // The swatches' table carries the filter columns itself: nothing to join.
  if (lead.facets) return { ...statement('', rest('w')), order: orderOf(q.sort, lead.key), everything: false, colourLed: true }
  // Each match's filter columns are read from the facets index (`f`), a few dozen bytes,
  // not from its row with the whole entry.
  const f = rest('f')
  if (searching && !f.columns) {
    // Only the search's key is checked (a date range, tags, boards): it is checked as it
    // comes, without a look-up in the facets index for each match. The `+` keeps SQLite
    // from handing the check to the search table, which would look up each key in turn.
    const byKey = filters(q, 's', { keys: timeKeys, seq: '+s.rowid', sourcesFilled })
    return { ...statement('', byKey), order: orderOf(q.sort, lead.key), everything: false }
  }
  const join = f.columns || (searching && f.where.length > 0) ? ` CROSS JOIN entries f${facets ? ` INDEXED BY ${FACETS_INDEX}` : ''} ON f.seq = ${lead.key}` : ''
  return { ...statement(join, f), order: orderOf(q.sort, lead.key), everything: false }
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
