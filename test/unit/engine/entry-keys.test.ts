// Any number of entries may complete in one millisecond (an import, a service that rounds
// its times): the index takes them all, keeps the gallery newest first whatever order they
// came in, and the date filters still find exactly the entries of their days.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { LibraryIndex } from '../../../src/main/core/library/index/library-index'
import type { LibraryEntry } from '../../../src/shared/app/views'
import { madeEntry } from '../support/library-entries'

const dirs: string[] = []
const opened: LibraryIndex[] = []
afterEach(async () => {
  while (opened.length) opened.pop()!.close()
  while (dirs.length) await rm(dirs.pop()!, { recursive: true, force: true })
})

async function open(): Promise<LibraryIndex> {
  const dir = await mkdtemp(join(tmpdir(), 'entry-keys-'))
  dirs.push(dir)
  const index = LibraryIndex.open(join(dir, 'index.sqlite'))
  opened.push(index)
  return index
}

/** The last millisecond of 2026-01-01, and the first of the day after. */
const LAST_MS = Date.UTC(2026, 0, 1, 23, 59, 59, 999)
const at = (ms: number, id: string, over: Partial<LibraryEntry> = {}) => madeEntry(0, { id, jobId: id, completedAt: new Date(ms).toISOString(), favorite: false, ...over })
const TIES = 2_500

/** Every entry's id, newest first, in pages as the gallery asks for them. */
function listed(index: LibraryIndex, q: Parameters<LibraryIndex['list']>[0] = {}): string[] {
  const ids: string[] = []
  for (let offset = 0; ; offset += 1000) {
    const page = index.list({ ...q, limit: 1000, offset })
    ids.push(...page.entries.map((e) => e.id))
    if (page.entries.length < 1000) return ids
  }
}

describe('entries completed in the same millisecond', () => {
  it('are all indexed, however many, and the gallery stays newest first whatever order they came in', async () => {
    const index = await open()
    // Later entries first, as an import in any order brings them: the millisecond after
    // the ties and the next day, then the ties, then the millisecond before them.
    index.put(at(LAST_MS + 1, 'next-day'))
    index.put(at(LAST_MS + 2, 'next-day-2'))
    index.transaction(() => {
      for (let n = 0; n < TIES; n++) index.put(at(LAST_MS, `tie-${n}`, { favorite: n % 2 === 0 }))
    })
    index.put(at(LAST_MS - 1, 'before'))
    expect(index.size()).toBe(TIES + 3)

    const ids = listed(index)
    expect(ids.slice(0, 2)).toEqual(['next-day-2', 'next-day'])
    expect(ids.at(-1)).toBe('before')
    expect(new Set(ids.slice(2, -1))).toEqual(new Set(Array.from({ length: TIES }, (_, n) => `tie-${n}`)))
    expect(listed(index, { sort: 'oldest' })).toEqual([...ids].reverse())
    // Filters read the same keys: a favourite tie among them all.
    expect(listed(index, { favorite: true })).toHaveLength(TIES / 2)
  })

  it('are found by the date filters of their own day, and only by them', async () => {
    const index = await open()
    index.put(at(LAST_MS + 1, 'next-day'))
    index.transaction(() => {
      for (let n = 0; n < TIES; n++) index.put(at(LAST_MS, `tie-${n}`))
    })
    index.put(at(LAST_MS - 1, 'before'))
    expect(listed(index, { to: '2026-01-01' })).toHaveLength(TIES + 1)
    expect(listed(index, { from: '2026-01-02' })).toEqual(['next-day'])
    expect(listed(index, { from: '2026-01-01', to: '2026-01-01' })).not.toContain('next-day')
  })

  it('keep their place when written again, and leave and come back cleanly', async () => {
    const index = await open()
    index.transaction(() => {
      for (let n = 0; n < TIES; n++) index.put(at(LAST_MS, `tie-${n}`))
    })
    index.put(at(LAST_MS + 1, 'later'))
    const before = listed(index)
    // A tie past the millisecond's own keys is written again (a favourite): it stays put.
    index.put(at(LAST_MS, 'tie-2000', { favorite: true }))
    expect(listed(index)).toEqual(before)
    expect(index.remove('tie-10')).toBe(true)
    index.put(at(LAST_MS, 'tie-10'))
    expect(new Set(listed(index))).toEqual(new Set(before))
    expect(listed(index)[0]).toBe('later')
    expect(index.size()).toBe(TIES + 1)
  })
})
