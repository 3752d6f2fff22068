// The gallery's questions, answered by the library index page by page: filters (model,
// dates, status, favourites, boards, LoRA), prompt search and sorts; favourites and boards
// that survive a reopen, and an export that imports into another library.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { LibraryCollections } from '../../../src/main/core/library/collections'
import { Library } from '../../../src/main/core/library/library'
import type { LibraryEntry } from '../../../src/shared/app/views'

const opened: { close(): Promise<void> }[] = []
const dirs: string[] = []
afterEach(async () => {
  while (opened.length) await opened.pop()!.close()
  while (dirs.length) await rm(dirs.pop()!, { recursive: true, force: true })
})

async function openLibrary(dir?: string): Promise<{ dir: string; library: Library; collections: LibraryCollections }> {
  const root = dir ?? (await mkdtemp(join(tmpdir(), 'library-query-')))
  if (!dir) dirs.push(root)
  const library = await Library.open(root)
  const collections = await LibraryCollections.open(library)
  opened.push(library, collections)
  return { dir: root, library, collections }
}

function entry(n: number, over: Partial<LibraryEntry> & { state?: 'saved' | 'pending' | 'lost' } = {}): LibraryEntry {
  const { state = 'saved', ...rest } = over
  const day = String(1 + (n % 28)).padStart(2, '0')
  return {
    id: `job-${n}`, jobId: `job-${n}`, model: n % 2 ? 'i1-1' : 'i17-1', modality: 'image', prompt: `prompt number ${n} ${n % 3 === 0 ? 'lighthouse' : 'forest'}`,
    params: n % 2 ? {} : { i17Params: { loraId: n % 4 ? 'lora-a' : 'lora-b' } }, creditCost: (n * 7) % 50,
    createdAt: `2026-10-${day}T10:00:00.000Z`, completedAt: `2026-10-${day}T10:00:0${n % 10}.000Z`, savedAt: null, origin: 'app',
    files: [{ index: 0, role: 'image', url: null, path: null, thumbnail: null, state, lostReason: state === 'lost' ? 'gone' : null, bytes: null, sha256: null, mime: null, width: null, height: null, durationSeconds: null }],
    inputs: [], favorite: false, boards: [],
    ...rest
  }
}

const ids = (r: { entries: LibraryEntry[] }): string[] => r.entries.map((e) => e.id)

describe('library queries', () => {
  it('filters by model, dates, status, LoRA and prompt, and pages through the matches', async () => {
    const { library } = await openLibrary()
    for (let n = 1; n <= 28; n++) await library.put(entry(n, { state: n === 5 ? 'pending' : n === 7 ? 'lost' : 'saved' }))

    expect(library.list({ model: 'i1-1', limit: 500 }).total).toBe(14)
    expect(library.list({ from: '2026-10-10', to: '2026-10-12', limit: 500 }).entries.map((e) => e.completedAt!.slice(0, 10)).sort()).toEqual(['2026-10-10', '2026-10-11', '2026-10-12'])
    expect(ids(library.list({ status: 'waiting' }))).toEqual(['job-5'])
    expect(ids(library.list({ status: 'lost' }))).toEqual(['job-7'])
    expect(library.list({ status: 'saved', limit: 500 }).total).toBe(26)
    expect(ids(library.list({ lora: 'lora-b', limit: 500 })).sort()).toEqual(['job-12', 'job-16', 'job-20', 'job-24', 'job-28', 'job-4', 'job-8'].sort())
    // Search and filters together, newest first, a page at a time.
    const lighthouses = library.list({ query: 'lighthouse', model: 'i1-1', limit: 2 })
    expect(lighthouses.total).toBe(5)
    expect(ids(lighthouses)).toEqual(['job-27', 'job-21'])
    expect(ids(library.list({ query: 'lighthouse', model: 'i1-1', offset: 2, limit: 2 }))).toEqual(['job-15', 'job-9'])
  })

  it('sorts newest, oldest, or dearest first', async () => {
    const { library } = await openLibrary()
    for (let n = 1; n <= 6; n++) await library.put(entry(n))
    expect(ids(library.list({}))).toEqual(['job-6', 'job-5', 'job-4', 'job-3', 'job-2', 'job-1'])
    expect(ids(library.list({ sort: 'oldest' }))).toEqual(['job-1', 'job-2', 'job-3', 'job-4', 'job-5', 'job-6'])
    // Costs: 7, 14, 21, 28, 35, 42 (n * 7 % 50).
    expect(ids(library.list({ sort: 'cost', limit: 3 }))).toEqual(['job-6', 'job-5', 'job-4'])
  })

  it('keeps favourites and boards across a reopen, and exports them into another library', async () => {
    const first = await openLibrary()
    for (let n = 1; n <= 5; n++) await first.library.put(entry(n))
    const board = await first.collections.createBoard('  Covers ')
    expect(board.name).toBe('Covers')
    await first.collections.setOnBoard(['job-1', 'job-3', 'job-9'], board.id, true)
    await first.collections.setFavorite(['job-2'], true)
    expect(first.collections.listBoards()).toEqual([{ ...board, count: 2 }])
    const exported = first.collections.export()
    await first.collections.close()
    await first.library.close()
    opened.length = 0

    const reopened = await openLibrary(first.dir)
    expect(ids(reopened.library.list({ board: board.id })).sort()).toEqual(['job-1', 'job-3'])
    expect(ids(reopened.library.list({ favorite: true }))).toEqual(['job-2'])
    await reopened.collections.setOnBoard(['job-1'], board.id, false)
    expect(ids(reopened.library.list({ board: board.id }))).toEqual(['job-3'])

    const other = await openLibrary()
    for (let n = 1; n <= 3; n++) await other.library.put(entry(n))
    expect(await other.collections.import(exported)).toEqual({ boards: 1, entries: 3 })
    expect(ids(other.library.list({ board: board.id })).sort()).toEqual(['job-1', 'job-3'])
    expect(ids(other.library.list({ favorite: true }))).toEqual(['job-2'])

    await other.collections.deleteBoard(board.id)
    expect(other.collections.listBoards()).toEqual([])
    expect(other.library.get('job-1')?.boards).toEqual([])
  })
})
