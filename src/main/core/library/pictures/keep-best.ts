// Which picture of a group of near-identical ones to keep, and which entries to remove.
// The rule, in order: the most pixels (the largest is the one an upscale or a better
// export made); then a favourite; then the oldest (the original, before its copies); then
// the entry's id and the file's index, so the answer is the same every time.
//
// An entry is suggested for removal only when every picture it holds is a lesser copy in
// some group of the same page, so removing it loses no picture that has no better copy.
import type { LibraryEntry } from '../../../../shared/app/views'
import { entryTime } from '../index/entry-row'

export interface GroupMember {
  entry: LibraryEntry
  index: number
}

const pixels = (m: GroupMember): number => {
  const f = m.entry.files.find((file) => file.index === m.index)
  return (f?.width ?? 0) * (f?.height ?? 0)
}

/** Negative when `a` is the better one to keep. */
export function betterToKeep(a: GroupMember, b: GroupMember): number {
  return (
    pixels(b) - pixels(a) ||
    Number(b.entry.favorite) - Number(a.entry.favorite) ||
    entryTime(a.entry) - entryTime(b.entry) ||
    (a.entry.id < b.entry.id ? -1 : a.entry.id > b.entry.id ? 1 : 0) ||
    a.index - b.index
  )
}

/** The member to keep. */
export function bestOf<T extends GroupMember>(members: readonly T[]): T {
  return members.reduce((best, m) => (betterToKeep(m, best) < 0 ? m : best))
}

/**
 * For each group (its members, the first the one to keep), the entries whose every saved
 * picture is a member other than the one kept in some group of `groups`.
 */
export function removalsOf(groups: readonly (readonly GroupMember[])[]): string[][] {
  const lesser = new Set<string>()
  const kept = new Set<string>()
  for (const [keep, ...rest] of groups) {
    if (keep) kept.add(`${keep.entry.id}:${keep.index}`)
    for (const m of rest) lesser.add(`${m.entry.id}:${m.index}`)
  }
  const removable = (e: LibraryEntry) => {
    const pictures = e.files.filter((f) => f.state === 'saved' && (f.role === 'image' || f.role === 'grid'))
    return pictures.length > 0 && pictures.every((f) => lesser.has(`${e.id}:${f.index}`) && !kept.has(`${e.id}:${f.index}`))
  }
  return groups.map((members) => [...new Set(members.slice(1).filter((m) => removable(m.entry)).map((m) => m.entry.id))])
}
