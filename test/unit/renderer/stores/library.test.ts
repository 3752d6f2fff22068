// The gallery's store: pages, search and filter, answers that come back out of order, and
// entries arriving or leaving by event.
import { beforeEach, describe, expect, it } from 'vitest'
import { LIBRARY_PAGE_SIZE, useLibrary } from '../../../../src/renderer/stores/library'
import type { RouteOutput } from '../../../../src/shared/contract'
import type { LibraryEntry } from '../../../../src/shared/app/views'
import { installFakeApi } from '../fake-api'
import { libraryEntry, resetStore } from '../fixtures'

const api = installFakeApi()

const entries = (ids: string[], over: Partial<LibraryEntry> = {}) => ids.map((jobId) => libraryEntry({ jobId, id: jobId, ...over }))
const page = (ids: string[], total: number): RouteOutput<'library.list'> => ({ entries: entries(ids), total })

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

describe('library store', () => {
  it('asks for the first page with the trimmed search and the chosen kind of media', async () => {
    api.answer('library.list', page(['a', 'b'], 2))
    await useLibrary.getState().reload()
    expect(api.callsTo('library.list')).toEqual([{ offset: 0, limit: LIBRARY_PAGE_SIZE }])

    useLibrary.getState().setQuery('  red fox ')
    useLibrary.getState().setModality('video')
    await useLibrary.getState().reload()
    expect(api.callsTo('library.list').at(-1)).toEqual({ offset: 0, limit: LIBRARY_PAGE_SIZE, query: 'red fox', modality: 'video' })
    expect(useLibrary.getState()).toMatchObject({ loaded: true, loading: false, total: 2 })
  })

  it('appends the next page without repeating entries, and stops at the total', async () => {
    api.answer('library.list', page(['a', 'b'], 3))
    await useLibrary.getState().reload()
    // An entry that moved down a page (a new one arrived at the top) is not shown twice.
    api.answer('library.list', page(['b', 'c'], 3))
    await useLibrary.getState().loadMore()
    expect(useLibrary.getState().entries.map((e) => e.jobId)).toEqual(['a', 'b', 'c'])
    expect(api.callsTo('library.list').at(-1)).toEqual({ offset: 2, limit: LIBRARY_PAGE_SIZE })
    await useLibrary.getState().loadMore()
    expect(api.callsTo('library.list')).toHaveLength(2)
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
    expect(useLibrary.getState().entries.map((e) => e.jobId)).toEqual(['new-1'])
    expect(useLibrary.getState().total).toBe(1)
  })

  it('does not ask for more while a page is on its way', async () => {
    const slow = deferred<RouteOutput<'library.list'>>()
    api.answer('library.list', page(['a'], 5))
    await useLibrary.getState().reload()
    api.handle('library.list', async () => ({ ok: true, data: await slow.promise }))
    const more = useLibrary.getState().loadMore()
    await useLibrary.getState().loadMore()
    slow.resolve(page(['b'], 5))
    await more
    expect(api.callsTo('library.list')).toHaveLength(2)
  })

  it('keeps what it shows when a page fails, and says why', async () => {
    api.answer('library.list', page(['a'], 1))
    await useLibrary.getState().reload()
    api.fail('library.list', { code: 'internal', message: 'Disk unreadable' })
    await useLibrary.getState().reload()
    expect(useLibrary.getState()).toMatchObject({ error: 'Disk unreadable', loading: false, entries: [expect.objectContaining({ jobId: 'a' })] })
  })

  it('puts a new entry at the top when it fits the view, and updates one in place', async () => {
    api.answer('library.list', page(['a', 'b'], 2))
    await useLibrary.getState().reload()
    useLibrary.getState().upsert(libraryEntry({ jobId: 'new', id: 'new' }))
    expect(useLibrary.getState().entries.map((e) => e.jobId)).toEqual(['new', 'a', 'b'])
    expect(useLibrary.getState().total).toBe(3)
    useLibrary.getState().upsert(libraryEntry({ jobId: 'b', id: 'b', prompt: 'saved at last' }))
    expect(useLibrary.getState().entries.map((e) => [e.jobId, e.prompt])).toEqual([['new', 'a lighthouse'], ['a', 'a lighthouse'], ['b', 'saved at last']])
    expect(useLibrary.getState().total).toBe(3)
  })

  it('leaves a new entry for the next fetch when a search or another kind of media is shown', async () => {
    api.answer('library.list', page(['a'], 1))
    useLibrary.getState().setModality('video')
    await useLibrary.getState().reload()
    useLibrary.getState().upsert(libraryEntry({ jobId: 'img', id: 'img', modality: 'image' }))
    expect(useLibrary.getState().entries.map((e) => e.jobId)).toEqual(['a'])
    useLibrary.getState().upsert(libraryEntry({ jobId: 'vid', id: 'vid', modality: 'video' }))
    expect(useLibrary.getState().entries.map((e) => e.jobId)).toEqual(['vid', 'a'])

    useLibrary.getState().setQuery('fox')
    useLibrary.getState().upsert(libraryEntry({ jobId: 'vid-2', id: 'vid-2', modality: 'video' }))
    expect(useLibrary.getState().entries.map((e) => e.jobId)).toEqual(['vid', 'a'])
  })

  it('removes an entry and counts it out once', async () => {
    api.answer('library.list', page(['a', 'b'], 2))
    await useLibrary.getState().reload()
    useLibrary.getState().remove('a')
    useLibrary.getState().remove('a')
    expect(useLibrary.getState()).toMatchObject({ total: 1, entries: [expect.objectContaining({ jobId: 'b' })] })
  })
})
