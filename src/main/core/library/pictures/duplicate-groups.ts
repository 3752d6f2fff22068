// The Duplicates view's pages: groups of near-identical pictures (at most 6 bits apart, or
// joined through such pictures, as near-duplicates' nearIdenticalGroups groups them), found
// through the index's blocks rather than by comparing every pair.
//
// Every picture is compared with the rest once, after it is indexed (picture-backfill
// pairs them in the background; a page first pairs a few itself), and marked as a twin
// when it has a near-identical picture. A page walks the twins in order (newest entry
// first) and, from each, gathers its group through the index; a group is shown at its
// first twin in that order, so each group is on one page only. A twin whose near-identical
// pictures were all removed is unmarked when met.
import type { DuplicateGroup, DuplicatesPage, DuplicatesQuery } from '../../../../shared/app/library-pictures'
import { DUPLICATE_DISTANCE } from '../../../../shared/app/library-pictures'
import type { LibraryEntry } from '../../../../shared/app/views'
import type { PictureIndex, PictureKey } from '../index/picture-index'
import { bitDistance, hashParts } from '../index/picture-blocks'
import type { Library } from '../library'
import { bestOf, betterToKeep, removalsOf, type GroupMember } from './keep-best'
import { pairPictures } from './pairing'

/** Twins a page looks at, at most: a page of few groups among many lone twins still answers quickly. */
const MAX_VISITS = 300
/** A group is cut at this many pictures (a thousand blank frames are one group, shown in part). */
export const MAX_GROUP = 200
/** Pictures a page compares first, when the pass behind has not yet. */
const PAIR_FIRST = 50

const keyOf = (p: PictureKey) => `${p.seq}:${p.file}`
/** True when `a` comes before `b` in the view's order. */
const before = (a: PictureKey, b: PictureKey) => a.seq > b.seq || (a.seq === b.seq && a.file > b.file)

function parseCursor(after: string | undefined): PictureKey | null {
  if (!after) return null
  const [seq, file] = after.split(':').map(Number)
  return { seq: seq!, file: file! }
}

/** The pictures joined to `start` within the distance, at most MAX_GROUP; null when one before `start` is a twin (the group belongs to an earlier page). */
function groupFrom(pictures: PictureIndex, start: PictureKey): { keys: PictureKey[]; truncated: boolean } | null {
  const found = new Map<string, PictureKey>([[keyOf(start), start]])
  const queue: PictureKey[] = [start]
  while (queue.length > 0 && found.size < MAX_GROUP) {
    const at = queue.shift()!
    const hash = pictures.hashAt(at)
    if (!hash) continue
    for (const n of pictures.near(hash, DUPLICATE_DISTANCE)) {
      if (found.has(keyOf(n))) continue
      if (before(n, start) && pictures.isTwin(n)) return null
      found.set(keyOf(n), n)
      queue.push(n)
      if (found.size >= MAX_GROUP) break
    }
  }
  return { keys: [...found.values()], truncated: queue.length > 0 }
}

function membersOf(pictures: PictureIndex, keys: PictureKey[]): GroupMember[] {
  const entries = new Map<number, LibraryEntry | undefined>()
  return keys.flatMap((k) => {
    if (!entries.has(k.seq)) entries.set(k.seq, pictures.entryAt(k.seq))
    const entry = entries.get(k.seq)
    return entry?.files.some((f) => f.index === k.file) ? [{ entry, index: k.file }] : []
  })
}

function distanceOf(a: GroupMember, b: GroupMember): number {
  const hash = (m: GroupMember) => hashParts(m.entry.files.find((f) => f.index === m.index)?.look?.perceptualHash ?? '')
  const [x, y] = [hash(a), hash(b)]
  return x && y ? bitDistance(x, y) : 64
}

export async function duplicatesPage(library: Library, q: DuplicatesQuery): Promise<DuplicatesPage> {
  await pairPictures(library.index.pictures, PAIR_FIRST)
  const pictures = library.index.pictures
  const limit = q.limit ?? 20
  const twins = pictures.twinsAfter(parseCursor(q.after), MAX_VISITS)
  const groups: { members: GroupMember[]; truncated: boolean }[] = []
  let last: PictureKey | null = null
  for (const twin of twins) {
    if (groups.length >= limit) break
    last = twin
    const group = groupFrom(pictures, twin)
    if (!group) continue
    const members = membersOf(pictures, group.keys)
    if (members.length < 2) {
      // Its near-identical pictures are gone: it is no twin any more.
      if (group.keys.length < 2) pictures.dropTwin(twin)
      continue
    }
    const keep = bestOf(members)
    groups.push({ members: [keep, ...members.filter((m) => m !== keep).sort(betterToKeep)], truncated: group.truncated })
  }
  const removals = removalsOf(groups.map((g) => g.members))
  const shown: DuplicateGroup[] = groups.map((g, i) => ({
    members: g.members.map((m) => ({ entry: m.entry, index: m.index, distance: distanceOf(g.members[0]!, m) })),
    keep: { jobId: g.members[0]!.entry.id, index: g.members[0]!.index },
    remove: removals[i]!,
    truncated: g.truncated
  }))
  const more = last !== null && (groups.length >= limit || twins.length >= MAX_VISITS)
  return { groups: shown, next: more && last ? keyOf(last) : null, unpaired: pictures.unpairedCount() }
}
