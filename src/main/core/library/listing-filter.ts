// The command line's filters of a listing, applied to entries however they were read (from
// the index, or from the entry files when it cannot be used), so both give the same list,
// and the same the gallery gives: a search finds entries whose prompt, negative prompt or
// model has every word (case and accents aside; the last word, of three letters or more,
// may begin one), tags are matched case-insensitively and all must be there, and
// favourites are the entries marked so.
import { tagKey } from '../../../shared/app/tags'
import type { LibraryEntry } from '../../../shared/app/views'
import { searchText } from './index/entry-row'
import { queryWords, textWords } from './index/fold-text'

export interface ListingFilter {
  search?: string
  /** Every one of these tags. */
  tags?: readonly string[]
  favorites?: boolean
}

/** A last word shorter than this is matched whole, as the gallery's search does. */
const PREFIX_MIN = 3

/** The test a listing's entries pass; every entry passes an empty filter. */
export function listingFilter(f: ListingFilter): (e: LibraryEntry) => boolean {
  const words = queryWords(f.search ?? '')
  const tags = [...new Set((f.tags ?? []).map(tagKey))]
  return (e) => {
    if (f.favorites && !e.favorite) return false
    if (tags.length) {
      const own = new Set((e.tags ?? []).map(tagKey))
      if (!tags.every((t) => own.has(t))) return false
    }
    if (!words.length) return true
    const own = textWords(searchText(e))
    const has = new Set(own)
    return words.every((w, i) => has.has(w) || (i === words.length - 1 && [...w].length >= PREFIX_MIN && own.some((o) => o.startsWith(w))))
  }
}
