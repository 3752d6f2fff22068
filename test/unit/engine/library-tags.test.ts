// Tags on library entries: added and taken off a selection as one change, kept in each
// entry's file (the truth) and in the index, matched without regard to case, suggested as
// the user types with how many entries carry each, filtered by (any / all) together with
// every other filter, and healed like the rest of the library.
import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Library } from '../../../src/main/core/library/library'
import { LibraryTags } from '../../../src/main/core/library/library-tags'
import { repairOffline } from '../../../src/main/core/library/repair/repair-offline'
import { MAX_TAGS_PER_ENTRY } from '../../../src/shared/app/tags'
import type { LibraryQuery } from '../../../src/shared/app/library-query'
import type { LibraryEntry } from '../../../src/shared/app/views'
import { cleanupAfterEach } from '../support/cleanup'
import { indexFile, madeEntry } from '../support/library-entries'
import { renderNotice } from '../../../src/main/core/i18n/notice-text'

const cleanup = cleanupAfterEach()

async function openLibrary(dir: string): Promise<{ library: Library; tags: LibraryTags }> {
  const library = await Library.open(dir)
  cleanup.defer(() => library.close())
  return { library, tags: new LibraryTags(library) }
}

/** A library of entries job-1…job-n, written through it. */
async function tagged(n = 6, over: (i: number) => Partial<LibraryEntry> = () => ({})) {
  const dir = join(await cleanup.tempDir('library-tags-'), 'library')
  const opened = await openLibrary(dir)
  for (let i = 1; i <= n; i++) await opened.library.put(madeEntry(i, over(i)))
  return { dir, ...opened }
}

const ids = (library: Library, q: LibraryQuery) => library.list({ limit: 100, ...q }).entries.map((e) => e.id)
const fileOf = (library: Library, id: string) => readFile(library.entryPath(id), 'utf8').then((t) => JSON.parse(t) as LibraryEntry)

describe('tags on a selection', () => {
  it('are added and taken off as one change, kept in each entry file and in the index, matched without regard to case', async () => {
    const { library, tags } = await tagged()
    expect(await tags.change(['job-1', 'job-2', 'job-3', 'not-here'], { add: ['Portrait', 'sunset'], remove: [] })).toBe(3)
    expect((await fileOf(library, 'job-2')).tags).toEqual(['Portrait', 'sunset'])
    expect(library.get('job-2')?.tags).toEqual(['Portrait', 'sunset'])
    // The library's spelling wins: "portrait" is the tag it knows as "Portrait".
    expect(await tags.change(['job-4', 'job-1'], { add: ['PORTRAIT'], remove: ['SUNSET'] })).toBe(2)
    expect((await fileOf(library, 'job-4')).tags).toEqual(['Portrait'])
    expect((await fileOf(library, 'job-1')).tags).toEqual(['Portrait'])
    // Nothing to change is no change; the last tag taken off leaves the entry as it was before tags.
    expect(await tags.change(['job-1'], { add: ['portrait'], remove: [] })).toBe(0)
    expect(await tags.change(['job-1'], { add: [], remove: ['portrait'] })).toBe(1)
    expect('tags' in (await fileOf(library, 'job-1'))).toBe(false)
    expect(ids(library, { tagsAll: ['portrait'] })).toEqual(['job-4', 'job-3', 'job-2'])
    expect(tags.suggest('por')).toEqual([{ name: 'Portrait', count: 3 }])
    expect(tags.suggest('')).toEqual([{ name: 'Portrait', count: 3 }, { name: 'sunset', count: 2 }])
  })

  it('refuses a change that would put too many tags on one entry, naming it, and changes nothing', async () => {
    const many = Array.from({ length: MAX_TAGS_PER_ENTRY - 1 }, (_, i) => `t${i}`)
    const { library, tags } = await tagged(3, (i) => (i === 2 ? { tags: many } : {}))
    const before = await fileOf(library, 'job-1')
    await expect(tags.change(['job-1', 'job-2', 'job-3'], { add: ['x', 'y'], remove: [] })).rejects.toMatchObject({
      code: 'invalid_input', details: { add: [`job-2 would carry more than ${MAX_TAGS_PER_ENTRY} tags`] }
    })
    expect(await fileOf(library, 'job-1')).toEqual(before)
    expect(ids(library, { tagsAny: ['x', 'y'] })).toEqual([])
  })

  it('suggest what the user types, most used first, from a large vocabulary, and say how many carry each', async () => {
    const { library, tags } = await tagged(40)
    for (let i = 1; i <= 40; i++) await tags.change([`job-${i}`], { add: [`tag ${i % 7}`, `other ${i}`, 'Café'], remove: [] })
    expect(tags.suggest('TAG ', 3)).toEqual([{ name: 'tag 1', count: 6 }, { name: 'tag 2', count: 6 }, { name: 'tag 3', count: 6 }])
    expect(tags.suggest('caf')).toEqual([{ name: 'Café', count: 40 }])
    expect(tags.suggest('other 4')).toEqual([{ name: 'other 4', count: 1 }, { name: 'other 40', count: 1 }])
    expect(tags.suggest('nothing')).toEqual([])
    await library.remove('job-7')
    expect(tags.suggest('tag 0')).toEqual([{ name: 'tag 0', count: 4 }])
  })
})

describe('the gallery filtered by tags', () => {
  it('finds entries with any or all of the tags, together with every other filter', async () => {
    const { library, tags } = await tagged(12, (i) => ({ favorite: i % 3 === 0, model: i % 2 ? 'i1-1' : 'i3-1', prompt: i <= 6 ? `a fox ${i}` : `a cat ${i}` }))
    await tags.change(['job-1', 'job-2', 'job-3', 'job-4'], { add: ['red'], remove: [] })
    await tags.change(['job-3', 'job-4', 'job-5', 'job-9'], { add: ['Blue'], remove: [] })
    expect(ids(library, { tagsAny: ['RED', 'blue'] })).toEqual(['job-9', 'job-5', 'job-4', 'job-3', 'job-2', 'job-1'])
    expect(ids(library, { tagsAll: ['red', 'blue'] })).toEqual(['job-4', 'job-3'])
    expect(ids(library, { tagsAll: ['blue'], tagsAny: ['red', 'green'] })).toEqual(['job-4', 'job-3'])
    expect(ids(library, { tagsAny: ['blue'], favorite: true })).toEqual(['job-9', 'job-3'])
    expect(ids(library, { tagsAll: ['blue'], favorite: true })).toEqual(['job-9', 'job-3'])
    expect(ids(library, { tagsAll: ['blue'], query: 'fox' })).toEqual(['job-5', 'job-4', 'job-3'])
    expect(ids(library, { tagsAll: ['red'], model: 'i3-1', sort: 'oldest' })).toEqual(['job-2', 'job-4'])
    expect(ids(library, { tagsAll: ['blue'], sort: 'cost' })).toEqual(['job-9', 'job-5', 'job-4', 'job-3'])
    expect(ids(library, { tagsAll: ['red'], from: new Date(Date.UTC(2026, 0, 1) + 2).toISOString(), to: new Date(Date.UTC(2026, 0, 1) + 3).toISOString() })).toEqual(['job-3', 'job-2'])
    expect(library.list({ tagsAll: ['red'], limit: 1 })).toMatchObject({ total: 4, totalIsLowerBound: false })
    expect(ids(library, { tagsAll: ['red', 'nowhere'] })).toEqual([])
  })
})

describe('damaged tags', () => {
  it.each([
    ['of another type', '"portrait"', []],
    ['a number', '42', []],
    ['with items that are no tags', '["ok", 7, null, "", "  Ok ", "x\\u0007y", {"__proto__": 1}]', ['ok']]
  ])('in an entry file (%s) are read as far as they can be, and repair keeps the file aside and writes the rest back', async (_what, raw, kept) => {
    const { dir, library } = await tagged(3)
    await new LibraryTags(library).change(['job-2'], { add: ['before'], remove: [] })
    await library.close()
    const path = join(dir, 'files', 'job-2', 'entry.json')
    const text = await readFile(path, 'utf8')
    await writeFile(path, text.replace('"tags":["before"]', `"tags":${raw}`))
    const notices: string[] = []
    const report = await repairOffline({ dataDir: join(dir, '..', 'data'), libraryDir: dir, notice: (_l, m) => notices.push(renderNotice(m)) })
    expect(report.damaged).toEqual([{ file: join('files', 'job-2', 'entry.json'), keptAs: join('files', 'job-2', 'entry.json.damaged') }])
    expect(await readFile(`${path}.damaged`, 'utf8')).toContain(`"tags":${raw}`)
    expect((JSON.parse(await readFile(path, 'utf8')) as LibraryEntry).tags).toEqual(kept)
    expect(notices.join('\n')).toContain(join('files', 'job-2', 'entry.json'))
    const { library: again, tags } = await openLibrary(dir)
    expect(again.get('job-2')?.prompt).toBe('a fox number 2')
    expect(ids(again, { tagsAny: ['before'] })).toEqual([])
    expect(ids(again, { tagsAny: ['ok'] })).toEqual(kept.length ? ['job-2'] : [])
    expect(tags.suggest('')).toEqual(kept.length ? [{ name: 'ok', count: 1 }] : [])
  })

  it('come back from the entry files when the index is rebuilt', async () => {
    const { dir, library } = await tagged(4)
    await new LibraryTags(library).change(['job-1', 'job-3'], { add: ['kept'], remove: [] })
    await library.close()
    await rm(indexFile(dir))
    await repairOffline({ dataDir: join(dir, '..', 'data'), libraryDir: dir, notice: () => undefined })
    const { library: again, tags } = await openLibrary(dir)
    expect(ids(again, { tagsAll: ['KEPT'] })).toEqual(['job-3', 'job-1'])
    expect(tags.suggest('k')).toEqual([{ name: 'kept', count: 2 }])
  })

  it('are kept when a damaged entry file is rebuilt from its outputs, as the index knew them', async () => {
    const { dir, library } = await tagged(2)
    await new LibraryTags(library).change(['job-2'], { add: ['known'], remove: [] })
    await library.close()
    await writeFile(join(dir, 'files', 'job-2', '0.png'), Buffer.from('not really a picture'))
    await writeFile(join(dir, 'files', 'job-2', 'entry.json'), '{ cut short')
    await repairOffline({ dataDir: join(dir, '..', 'data'), libraryDir: dir, notice: () => undefined })
    const { library: again } = await openLibrary(dir)
    expect(again.get('job-2')?.tags).toEqual(['known'])
    expect(ids(again, { tagsAll: ['known'] })).toEqual(['job-2'])
  })
})
