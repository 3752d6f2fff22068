// The library store before the SQLite index, kept only as the library benchmark's baseline.
// In-memory prompt search: every query word must appear in an entry's text as
// a case- and accent-insensitive substring; results come newest first.
//
// A scan is deliberately all there is. Each entry keeps its folded text, and a
// query walks the entries from newest to oldest with String#includes, which V8
// runs at memory speed: at 100,000 prompts of 20–60 words a full pass (a query
// matching nothing, or asked for every match) takes 15–20 ms on an idle
// machine, and a query with a limit stops as soon as the page is full. An inverted index would be faster still,
// but cannot answer substring queries ("cat" in "concatenate", partial words as
// the user types) without a much larger n-gram index.
import { foldText, queryWords } from './fold-text'

interface Entry<T> {
  id: string
  /** What the caller keeps with the id (e.g. its summary), handed to filters without a lookup. */
  data: T | undefined
  /** Folded text (see fold-text). */
  text: string
  time: number
  /** Breaks ties between equal times: the later add counts as newer. */
  seq: number
  removed: boolean
}

export interface SearchOptions<T = unknown> {
  /** At most this many ids (default: all matches). */
  limit?: number
  /** Skip this many matches first (paging). */
  offset?: number
  /** Further condition on a match (e.g. a modality); matches it rejects are not counted. */
  filter?: (id: string, data: T | undefined) => boolean
}

function newerFirst(a: Entry<unknown>, b: Entry<unknown>): number {
  return a.time - b.time || a.seq - b.seq
}

/** Removals are tombstones; this many are allowed to pile up before a sweep. */
const SWEEP_MIN = 1024

export class TextSearch<T = undefined> {
  private readonly byId = new Map<string, Entry<T>>()
  /** Oldest to newest, unless `unsorted`; may contain removed entries. */
  private order: Entry<T>[] = []
  private unsorted = false
  private removedCount = 0
  private seq = 0

  get size(): number {
    return this.byId.size
  }

  has(id: string): boolean {
    return this.byId.has(id)
  }

  /**
   * Indexes `text` under `id`, replacing any earlier text for it. `time` orders
   * results (larger is newer), e.g. a creation time in epoch milliseconds. `data` is
   * handed to filters as it is.
   */
  add(id: string, text: string, time: number = Date.now(), data?: T): void {
    this.remove(id)
    const entry: Entry<T> = { id, data, text: foldText(text), time: Number.isFinite(time) ? time : 0, seq: this.seq++, removed: false }
    this.byId.set(id, entry)
    const last = this.order[this.order.length - 1]
    // Entries usually arrive newest last; anything else is sorted lazily, once,
    // before the next search (bulk loads arrive in arbitrary order).
    if (last !== undefined && newerFirst(last, entry) > 0) this.unsorted = true
    this.order.push(entry)
  }

  /** Replaces what is kept with `id`, leaving its text and place as they are. */
  setData(id: string, data: T): void {
    const entry = this.byId.get(id)
    if (entry) entry.data = data
  }

  remove(id: string): boolean {
    const entry = this.byId.get(id)
    if (!entry) return false
    entry.removed = true
    this.byId.delete(id)
    this.removedCount++
    return true
  }

  clear(): void {
    this.byId.clear()
    this.order = []
    this.unsorted = false
    this.removedCount = 0
  }

  /** Ids of entries containing every word of `query`, newest first. An empty query matches all. */
  search(query: string, options: SearchOptions<T> = {}): string[] {
    const limit = options.limit ?? Infinity
    let skip = options.offset ?? 0
    const ids: string[] = []
    if (limit <= 0) return ids
    this.scan(queryWords(query), options.filter, (entry) => {
      if (skip > 0) skip--
      else ids.push(entry.id)
      return ids.length < limit
    })
    return ids
  }

  /**
   * A page of matches and how many there are in all, in one pass: cheaper than `search`
   * then `count` when a filter makes each match cost something.
   */
  page(query: string, options: SearchOptions<T> = {}): { ids: string[]; total: number } {
    const limit = options.limit ?? Infinity
    let skip = options.offset ?? 0
    const ids: string[] = []
    let total = 0
    this.scan(queryWords(query), options.filter, (entry) => {
      total++
      if (skip > 0) skip--
      else if (ids.length < limit) ids.push(entry.id)
      return true
    })
    return { ids, total }
  }

  /** Calls `visit` for each match, newest first, until it returns false. */
  private scan(words: string[], filter: SearchOptions<T>['filter'], visit: (entry: Entry<T>) => boolean): void {
    const order = this.ordered()
    const n = words.length
    for (let i = order.length - 1; i >= 0; i--) {
      const entry = order[i] as Entry<T>
      if (entry.removed) continue
      const text = entry.text
      let matches = true
      for (let w = 0; w < n && matches; w++) matches = text.includes(words[w] as string)
      if (!matches || (filter !== undefined && !filter(entry.id, entry.data))) continue
      if (!visit(entry)) return
    }
  }

  private ordered(): Entry<T>[] {
    const sweep = this.removedCount > SWEEP_MIN && this.removedCount * 4 > this.order.length
    if (this.unsorted || sweep) {
      this.order = this.order.filter((e) => !e.removed)
      this.removedCount = 0
    }
    if (this.unsorted) {
      // TimSort: a sorted run plus a few late arrivals costs little more than a pass.
      this.order.sort(newerFirst)
      this.unsorted = false
    }
    return this.order
  }
}
