// The gallery's store: a window of pages onto the library index, asked for as the grid
// scrolls, bounded in size, with filters sent as they are, answers that come back out of
// order dropped, and entries arriving or leaving by event. Entries wanted by job (Create's
// results, the Queue's thumbnails) live in the same cache.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { entryAt, entryFor, findEntry, isFiltered, LIBRARY_PAGE_SIZE, MAX_CACHED_PAGES, pagesToEvict, useLibrary, withEntry } from '../../../../src/renderer/stores/library'
import type { RouteInput, RouteOutput } from '../../../../src/shared/contract'
import type { LibraryEntry } from '../../../../src/shared/app/views'
import { installFakeApi } from '../fake-api'
import { libraryEntry, libraryIds, resetStore } from '../fixtures'

const api = installFakeApi()

const entries = (ids: string[], over: Partial<LibraryEntry> = {}) => ids.map((jobId) => libraryEntry({ jobId, id: jobId, ...over }))
const page = (ids: string[], total: number): RouteOutput<'library.list'> => ({ entries: entries(ids), total })

/** An index of `total` entries named e0, e1, …, answering pages as the engine does. */
function serveIndex(total: number) {
  api.handle('library.list', (input: RouteInput<'library.list'>) => {
    const offset = input.offset ?? 0
    const ids = Array.from({ length: Math.max(0, Math.min(input.limit ?? 100, total - offset)) }, (_, i) => `e${offset + i}`)
    return { ok: true, data: page(ids, total) }
  })
}

/** An answer the test releases when it chooses. */
function deferred<T>() {
  let resolve!: (v: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

beforeEach(() => {
  api.reset()
  resetStore(useLibrary)
})
afterEach(() => vi.useRealTimers())

describe('library store', () => {
  it('asks for the first page with the filters as they are, trimmed, and without empty ones', async () => {
    api.answer('library.list', page(['a', 'b'], 2))
    await useLibrary.getState().reload()
    expect(api.callsTo('library.list')).toEqual([{ offset: 0, limit: LIBRARY_PAGE_SIZE }])

    useLibrary.getState().setQuery('  red fox ')
    useLibrary.getState().setFilters({ modality: 'video', model: '', status: 'waiting', favorite: true, sort: 'cost', from: '2025-01-01' })
    await vi.waitFor(() => expect(api.callsTo('library.list')).toHaveLength(2))
    expect(api.callsTo('library.list').at(-1)).toEqual({ offset: 0, limit: LIBRARY_PAGE_SIZE, query: 'red fox', modality: 'video', status: 'waiting', favorite: true, sort: 'cost', from: '2025-01-01' })
    expect(useLibrary.getState()).toMatchObject({ loaded: true, total: 2 })
  })

  it('asks only for the pages a range needs that are not cached, and finds entries by position', async () => {
    const P = LIBRARY_PAGE_SIZE
    serveIndex(1000)
    await useLibrary.getState().reload()
    await useLibrary.getState().ensureRange(1.5 * P, 3.2 * P)
    expect(api.callsTo('library.list').map((c) => (c as { offset: number }).offset)).toEqual([0, P, 2 * P, 3 * P])
    await useLibrary.getState().ensureRange(0, 2.5 * P)
    expect(api.callsTo('library.list')).toHaveLength(4)
    expect(entryAt(useLibrary.getState(), 2 * P + 7)?.jobId).toBe(`e${2 * P + 7}`)
    expect(entryAt(useLibrary.getState(), 999)).toBeUndefined()
    expect(findEntry(useLibrary.getState(), `e${P + 3}`)?.index).toBe(P + 3)
  })

  it('keeps a bounded number of pages, forgetting the farthest from where the grid is', async () => {
    serveIndex(100_000)
    await useLibrary.getState().reload()
    for (let p = 0; p < 40; p++) await useLibrary.getState().ensureRange(p * LIBRARY_PAGE_SIZE, (p + 1) * LIBRARY_PAGE_SIZE)
    const cached = Object.keys(useLibrary.getState().pages).map(Number)
    expect(cached.length).toBeLessThanOrEqual(MAX_CACHED_PAGES + 1)
    expect(cached).toContain(39)
    expect(cached).not.toContain(0)
    // Scrolling back asks for the forgotten page again.
    await useLibrary.getState().ensureRange(0, 10)
    expect(entryAt(useLibrary.getState(), 0)?.jobId).toBe('e0')
  })

  it('picks the pages farthest from the centre to forget', () => {
    expect(pagesToEvict([0, 1, 2, 3], 1, 4)).toEqual([])
    expect(pagesToEvict([0, 1, 2, 3, 9], 2, 3).sort()).toEqual([0, 9])
  })

  it('drops the answer to an older search when a newer one has been asked', async () => {
    const first = deferred<RouteOutput<'library.list'>>()
    api.handle('library.list', async (input) => ({ ok: true, data: input.query === 'old' ? await first.promise : page(['new-1'], 1) }))
    useLibrary.getState().setQuery('old')
    const older = useLibrary.getState().reload()
    useLibrary.getState().setQuery('new')
    await useLibrary.getState().reload()
    first.resolve(page(['old-1', 'old-2'], 2))
    await older
    expect(libraryIds(useLibrary.getState())).toEqual(['new-1'])
    expect(useLibrary.getState().total).toBe(1)
  })

  it('does not ask for a page twice while it is on its way', async () => {
    const slow = deferred<RouteOutput<'library.list'>>()
    api.answer('library.list', page(['a'], 500))
    await useLibrary.getState().reload()
    api.handle('library.list', async () => ({ ok: true, data: await slow.promise }))
    const more = useLibrary.getState().ensureRange(LIBRARY_PAGE_SIZE, LIBRARY_PAGE_SIZE + 10)
    await Promise.resolve()
    const again = useLibrary.getState().ensureRange(LIBRARY_PAGE_SIZE, LIBRARY_PAGE_SIZE + 10)
    slow.resolve(page(['b'], 500))
    await Promise.all([more, again])
    expect(api.callsTo('library.list')).toHaveLength(2)
  })

  it('keeps what it shows when a page fails, and says why', async () => {
    api.answer('library.list', page(['a'], 1))
    await useLibrary.getState().reload()
    api.fail('library.list', { code: 'internal', message: 'Disk unreadable' })
    await useLibrary.getState().refresh()
    expect(useLibrary.getState()).toMatchObject({ error: 'Disk unreadable', loading: false })
    expect(libraryIds(useLibrary.getState())).toEqual(['a'])
  })

  it('updates a cached entry in place, and asks the index where a new one goes', async () => {
    vi.useFakeTimers()
    api.answer('library.list', page(['a', 'b'], 2))
    await useLibrary.getState().reload()
    useLibrary.getState().upsert(libraryEntry({ jobId: 'b', id: 'b', prompt: 'saved at last' }))
    expect(entryAt(useLibrary.getState(), 1)?.prompt).toBe('saved at last')
    expect(api.callsTo('library.list')).toHaveLength(1)

    api.answer('library.list', page(['new', 'a', 'b'], 3))
    // A burst of events is answered by one refresh.
    useLibrary.getState().upsert(libraryEntry({ jobId: 'new', id: 'new' }))
    useLibrary.getState().upsert(libraryEntry({ jobId: 'new-2', id: 'new-2' }))
    await vi.advanceTimersByTimeAsync(1000)
    expect(api.callsTo('library.list')).toHaveLength(2)
    expect(libraryIds(useLibrary.getState())).toEqual(['new', 'a', 'b'])
    expect(useLibrary.getState().revision).toBe(3)
  })

  it('takes a removed entry off at once, counts it out once, then refreshes', async () => {
    vi.useFakeTimers()
    api.answer('library.list', page(['a', 'b'], 2))
    await useLibrary.getState().reload()
    api.answer('library.list', page(['b'], 1))
    useLibrary.getState().remove('a')
    useLibrary.getState().remove('a')
    expect(useLibrary.getState()).toMatchObject({ total: 1 })
    expect(libraryIds(useLibrary.getState())).toEqual(['b'])
    await vi.advanceTimersByTimeAsync(1000)
    expect(api.callsTo('library.list')).toHaveLength(2)
  })

  it('tells a narrowed list from the whole library (sort alone does not narrow)', () => {
    expect(isFiltered({})).toBe(false)
    expect(isFiltered({ sort: 'oldest', query: '' })).toBe(false)
    expect(isFiltered({ favorite: true })).toBe(true)
  })
})

describe('changing filters', () => {
  it('keeps the old list on screen until the first answer for the new filters replaces it', async () => {
    const slow = deferred<RouteOutput<'library.list'>>()
    serveIndex(1000)
    await useLibrary.getState().reload()
    await useLibrary.getState().ensureRange(0, 2 * LIBRARY_PAGE_SIZE)
    api.handle('library.list', async () => ({ ok: true, data: await slow.promise }))
    useLibrary.getState().setFilters({ favorite: true })
    expect(entryAt(useLibrary.getState(), 0)?.jobId).toBe('e0')
    expect(useLibrary.getState().total).toBe(1000)
    slow.resolve(page(['fav-1'], 1))
    await vi.waitFor(() => expect(libraryIds(useLibrary.getState())).toEqual(['fav-1']))
    expect(useLibrary.getState().total).toBe(1)
  })
})

describe('entries wanted by job', () => {
  it('fetches one by job, finds it there or on a cached page, and keeps one copy current', async () => {
    api.answer('library.list', page(['on-page'], 1))
    await useLibrary.getState().reload()
    expect(entryFor(useLibrary.getState(), 'on-page')?.jobId).toBe('on-page')
    api.answer('library.get', libraryEntry({ jobId: 'fetched', id: 'fetched', prompt: 'first' }))
    await useLibrary.getState().fetchEntry('fetched')
    expect(entryFor(useLibrary.getState(), 'fetched')?.prompt).toBe('first')
    // The engine's update reaches the fetched entry and the page alike.
    useLibrary.getState().upsert(libraryEntry({ jobId: 'fetched', id: 'fetched', prompt: 'second' }))
    useLibrary.getState().upsert(libraryEntry({ jobId: 'on-page', id: 'on-page', prompt: 'renamed' }))
    expect(entryFor(useLibrary.getState(), 'fetched')?.prompt).toBe('second')
    expect(entryFor(useLibrary.getState(), 'on-page')?.prompt).toBe('renamed')
    useLibrary.getState().remove('fetched')
    expect(entryFor(useLibrary.getState(), 'fetched')).toBeUndefined()
  })

  it('keeps a bounded number, letting the oldest fetched go first', () => {
    let kept = {}
    for (const id of ['a', 'b', 'c']) kept = withEntry(kept, libraryEntry({ jobId: id, id }), 2)
    expect(Object.keys(kept)).toEqual(['b', 'c'])
    // Fetched again, an entry counts as new.
    kept = withEntry(kept, libraryEntry({ jobId: 'b', id: 'b' }), 2)
    kept = withEntry(kept, libraryEntry({ jobId: 'd', id: 'd' }), 2)
    expect(Object.keys(kept)).toEqual(['b', 'd'])
  })

  it('forgets everything on a switch of account, even an entry whose answer comes after', async () => {
    serveIndex(3)
    await useLibrary.getState().reload()
    useLibrary.getState().setFilters({ favorite: true })
    const late = deferred<void>()
    api.handle('library.get', async ({ jobId }) => {
      await late.promise
      return { ok: true, data: libraryEntry({ jobId, id: jobId }) }
    })
    const fetching = useLibrary.getState().fetchEntry('old-account')
    const cleared = useLibrary.getState().clear()
    late.resolve()
    await Promise.all([fetching, cleared])
    expect(useLibrary.getState().entries).toEqual({})
    expect(useLibrary.getState().filters).toEqual({})
    expect(libraryIds(useLibrary.getState())).toEqual(['e0', 'e1', 'e2'])
  })
})

