// The whole chain of an entry: what it was made from (each input uploaded from a library
// output names that output), up to where each chain starts, and what was made from it,
// down through everything made from those. Upward the entries' own inputs are followed;
// downward the index's lineage table (index/lineage-rows), keyed by source. Both ways are
// bounded, and an entry met twice is not followed again, so no shape of data (a loop
// written into the entry files by hand, say) can make it run on.
import { getModel } from '../../../../shared/api'
import type { Derivation, Lineage, LineageNode } from '../../../../shared/app/library-pictures'
import { AppFailure } from '../../../../shared/app/app-failure'
import type { LibraryEntry } from '../../../../shared/app/views'
import { sourcesOf } from '../index/lineage-rows'
import type { Library } from '../library'
import { tm } from '../../i18n/main-i18n'

/** Entries listed at most each way. */
export const MAX_LINEAGE_NODES = 200
/** Steps followed at most each way. */
export const MAX_LINEAGE_DEPTH = 50

/** How an entry was made from its sources, from its model's kind. */
export function derivationOf(entry: LibraryEntry): Derivation | null {
  if (sourcesOf(entry).length === 0) return null
  const kind = getModel(entry.model)?.kind
  if (kind === 'edit' || kind === 'upscale' || kind === 'background') return kind
  if (kind === 'video') return 'animate'
  return kind === 'image' || kind === 'music' ? 'remix' : 'derived'
}

function nodeOf(jobId: string, entry: LibraryEntry | undefined, depth: number): LineageNode {
  return { jobId, entry: entry ?? null, derivation: entry ? derivationOf(entry) : null, sources: entry ? sourcesOf(entry) : [], depth }
}

interface Walk {
  nodes: LineageNode[]
  truncated: boolean
}

/** Breadth first from `start`, `next` giving the neighbours of an entry; `step` is -1 upward, +1 downward. */
function walk(start: LibraryEntry, step: -1 | 1, next: (entry: LibraryEntry) => { jobId: string; entry: LibraryEntry | undefined }[]): Walk {
  const seen = new Set<string>([start.id])
  const nodes: LineageNode[] = []
  let truncated = false
  let frontier: LibraryEntry[] = [start]
  for (let depth = step; frontier.length > 0; depth += step) {
    const following: LibraryEntry[] = []
    for (const entry of frontier) {
      for (const n of next(entry)) {
        if (seen.has(n.jobId)) continue
        if (nodes.length >= MAX_LINEAGE_NODES || Math.abs(depth) > MAX_LINEAGE_DEPTH) {
          truncated = true
          continue
        }
        seen.add(n.jobId)
        nodes.push(nodeOf(n.jobId, n.entry, depth))
        if (n.entry) following.push(n.entry)
      }
    }
    frontier = following
  }
  return { nodes, truncated }
}

export function lineageOf(library: Library, jobId: string): Lineage {
  const entry = library.get(jobId)
  if (!entry) throw new AppFailure('not_found', tm('main:pictures.notInLibrary'))
  const pictures = library.index.pictures
  const up = walk(entry, -1, (e) => sourcesOf(e).map((s) => ({ jobId: s.jobId, entry: library.get(s.jobId) })))
  const down = walk(entry, 1, (e) =>
    pictures.madeFrom(e.id).flatMap(({ seq }) => {
      const made = pictures.entryAt(seq)
      return made ? [{ jobId: made.id, entry: made }] : []
    })
  )
  return { item: nodeOf(entry.id, entry, 0), ancestors: up.nodes, descendants: down.nodes, truncated: up.truncated || down.truncated }
}
