// What the tags dialog works out before it sends anything: the tags the selected entries
// carry now (with on how many of them), and the one change to send, adding and taking off
// at once. Tags are compared as the library compares them (see shared/app/tags: case and
// runs of spaces do not make another tag).
import { distinctTags, normaliseTag, TAG_MESSAGES, tagKey, tagProblem } from '../../../shared/app/tags'
import type { LibraryEntry } from '../../../shared/app/views'
import type { TagCount } from '../../../shared/app/tags'
import { call } from '../../api/client'
import { useLibrary } from '../../stores/library'
import { toast } from '../../stores/toasts'

/** The tags on the selected entries the page holds, each with how many carry it, most carried first. */
export function tagsOnSelection(entries: readonly LibraryEntry[]): TagCount[] {
  const counts = new Map<string, TagCount>()
  for (const entry of entries) {
    for (const tag of entry.tags ?? []) {
      const key = tagKey(tag)
      const seen = counts.get(key)
      counts.set(key, { name: seen?.name ?? tag, count: (seen?.count ?? 0) + 1 })
    }
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
}

/** Why a typed tag cannot be kept, as the library would refuse it (a key of `gallery:tags.problem`). */
export type TagProblem = 'empty' | 'tooLong' | 'control'

const PROBLEMS: Record<string, TagProblem> = { [TAG_MESSAGES.empty]: 'empty', [TAG_MESSAGES.tooLong]: 'tooLong', [TAG_MESSAGES.control]: 'control' }

/** A tag typed into the list: refused for the library's own reason, or added once (the list's spelling kept). */
export function withTag(list: readonly string[], typed: string): { list: string[]; problem: TagProblem | null } {
  const problem = tagProblem(typed)
  if (problem) return { list: [...list], problem: PROBLEMS[problem] ?? 'empty' }
  return { list: distinctTags([...list, normaliseTag(typed)]), problem: null }
}

export function withoutTag(list: readonly string[], tag: string): string[] {
  return list.filter((t) => tagKey(t) !== tagKey(tag))
}

export interface TagChange {
  add: string[]
  remove: string[]
}

/** The change to send: a tag both added and taken off is only added (the last word the user said). */
export function tagChange(add: readonly string[], remove: readonly string[]): TagChange {
  const added = new Set(add.map(tagKey))
  return { add: distinctTags(add), remove: distinctTags(remove).filter((t) => !added.has(tagKey(t))) }
}

/** Sends the change for these entries as one; true when main made it. */
export async function changeTags(jobIds: string[], change: TagChange): Promise<boolean> {
  if (change.add.length === 0 && change.remove.length === 0) return true
  const r = await call('tags.change', { jobIds, add: change.add, remove: change.remove })
  if (!r.ok) {
    toast.error(r.error.message)
    return false
  }
  await useLibrary.getState().refresh()
  return true
}
