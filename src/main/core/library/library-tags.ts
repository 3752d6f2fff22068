// Tags on library entries: added to and taken off any selection as one user action (one
// transaction of the index; each entry's file carries its tags, see Library's
// `updateMany`), and suggested as the user types. A tag the library already has is added
// with the spelling the library knows it by, so "portrait" typed where "Portrait" is
// known adds "Portrait".
import { AppFailure } from '../../../shared/app/app-failure'
import { distinctTags, MAX_TAGS_PER_ENTRY, MAX_TAG_SUGGESTIONS, TAG_MESSAGES, tagKey, type TagCount } from '../../../shared/app/tags'
import type { LibraryEntry } from '../../../shared/app/views'
import type { Library } from './library'

export interface TagChange {
  add: readonly string[]
  remove: readonly string[]
}

const sameTags = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((t, i) => t === b[i])

export class LibraryTags {
  constructor(private readonly library: Library) {}

  /**
   * Adds `add` to each entry and takes `remove` off it, as one change: all of the entries
   * change, or none (an entry that would carry more than MAX_TAGS_PER_ENTRY refuses the
   * whole change, naming it). Entries the library does not have are passed over. Returns
   * how many entries changed.
   */
  async change(jobIds: readonly string[], { add, remove }: TagChange): Promise<number> {
    if (add.length === 0 && remove.length === 0) throw new AppFailure('invalid_input', TAG_MESSAGES.nothingToChange, { add: [TAG_MESSAGES.nothingToChange] })
    const known = this.library.index.curation.spellings(add.map(tagKey))
    const adding = distinctTags(add.map((t) => known.get(tagKey(t)) ?? t))
    const removing = new Set(remove.map(tagKey))
    const changed = await this.library.updateMany(jobIds, (entry) => {
      const now = entry.tags ?? []
      const next = distinctTags([...now.filter((t) => !removing.has(tagKey(t))), ...adding])
      if (sameTags(now, next)) return null
      if (next.length > MAX_TAGS_PER_ENTRY) {
        const message = TAG_MESSAGES.tooManyOnEntry(entry.jobId)
        throw new AppFailure('invalid_input', `${message}; nothing was changed.`, { add: [message] })
      }
      return { tags: next.length ? next : undefined } satisfies Partial<LibraryEntry>
    })
    return changed.length
  }

  /** The library's tags beginning with `typed`, most used first (see CurationIndex's `suggest`). */
  suggest(typed: string, limit = 20): TagCount[] {
    return this.library.index.curation.suggest(typed, Math.min(limit, MAX_TAG_SUGGESTIONS))
  }
}
