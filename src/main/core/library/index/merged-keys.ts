// Lists of keys merged in the gallery's order, for a filter that matches any of several
// lists (the colour's cubes, any of several tags) or every one of them (several of the
// entry's own columns). The statement is a compound SELECT: one arm per list, each read by
// its index in key order, joined by UNION (any) or INTERSECT (every). SQLite merges the
// arms of a compound ordered by key (MERGE in the query plan) rather than gathering and
// sorting them, so a page reads about as many keys as it shows, and a count stops where
// the gallery's count stops. The other filters join as one more stream of keys in key
// order (INTERSECT), merged the same way. Compound operators bind left to right, so
// `a UNION b INTERSECT rest` is (a ∪ b) ∩ rest.
import type { SQLInputValue } from 'node:sqlite'
import type { LibraryQuery } from '../../../../shared/app/library-query'

/** The lists' keys: each arm is a `SELECT seq FROM …` in key order, the arms joined by UNION or INTERSECT. */
export interface Arms {
  sql: string
  params: SQLInputValue[]
}

/** No key at all, for a filter that can match nothing. */
export const NO_KEYS: Arms = { sql: 'SELECT seq FROM entries WHERE 0', params: [] }

/** The other filters' page statement (see query-sql): its keys, in key order, unless it is everything. */
export interface KeyStream {
  keys: { from: string; params: SQLInputValue[]; key: string }
  everything: boolean
}

/** Every entry: no other filter to merge with. */
export const ALL_KEYS: KeyStream = { keys: { key: 'seq', from: 'FROM entries', params: [] }, everything: true }

/**
 * The page and count of the keys in `arms` that `rest` also matches, in the gallery's
 * order. The page's statement is the compound itself (`SELECT seq` + `from`), so its
 * ORDER BY, LIMIT and OFFSET are the compound's; the count reads the compound, ordered,
 * so that it is merged too (unordered, SQLite gathers a UNION to remove repeats).
 */
export function mergedWith(arms: Arms, rest: KeyStream, sort: LibraryQuery['sort']) {
  const others = rest.everything ? '' : ` INTERSECT SELECT ${rest.keys.key} ${rest.keys.from}`
  const compound = `${arms.sql}${others}`
  const params = [...arms.params, ...(rest.everything ? [] : rest.keys.params)]
  const order = `ORDER BY seq ${sort === 'oldest' ? 'ASC' : 'DESC'}`
  return {
    keys: { key: 'seq', from: compound.slice('SELECT seq '.length), params },
    count: { from: `FROM (${compound} ${order})`, params },
    order,
    everything: false
  }
}
