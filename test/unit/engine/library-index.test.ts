// The library's SQLite index: the prompt search a user types into, one transaction per
// action (a favourite and a board change together or not at all, and entry files that a
// crash left behind are caught up from the index), and a damaged index kept aside.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
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

async function open(dir?: string): Promise<{ dir: string; library: Library; collections: LibraryCollections }> {
  const root = dir ?? (await mkdtemp(join(tmpdir(), 'library-index-')))
  if (!dir) dirs.push(root)
  const library = await Library.open(root)
  const collections = await LibraryCollections.open(library)
  opened.push(library)
  return { dir: root, library, collections }
}

/** Entry `n` completed n seconds into the day, so a higher n is newer. */
function made(n: number, prompt: string, over: Partial<LibraryEntry> = {}): LibraryEntry {
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString()
  return {
    id: `job-${n}`, jobId: `job-${n}`, model: 'i1-1', modality: 'image', prompt, params: {}, creditCost: 3, createdAt: at, completedAt: at,
    savedAt: at, origin: 'app', files: [], inputs: [], favorite: false, boards: [], ...over
  }
}

const found = (library: Library, query: string) => library.list({ query, limit: 100 }).entries.map((e) => e.id)

describe('the prompt search', () => {
  it('needs every word, in any order and any case or accent, newest first; the last word may be half typed', async () => {
    const { library } = await open()
    await library.put(made(1, 'A red fox jumping over a lazy dog'))
    await library.put(made(2, 'Portrait of a RED-haired woman, oil painting'))
    await library.put(made(3, 'Crème brûlée on a café table, macro photo'))
    await library.put(made(4, 'Arctic fox in the snow, golden hour'))
    expect(found(library, 'fox')).toEqual(['job-4', 'job-1'])
    expect(found(library, 'FOX red')).toEqual(['job-1'])
    expect(found(library, 'fox whale')).toEqual([])
    expect(found(library, 'creme BRULEE')).toEqual(['job-3'])
    expect(found(library, 'CAFÉ')).toEqual(['job-3'])
    expect(found(library, 'red-haired')).toEqual(['job-2'])
    expect(found(library, 'pain')).toEqual(['job-2']) // the word being typed
    expect(found(library, 'pain woman')).toEqual([]) // a finished word is a whole word
    expect(found(library, 'ov')).toEqual([]) // and so is a last word of two letters ("over" is not found)
    expect(found(library, 'ove')).toEqual(['job-1'])
    expect(found(library, '   ')).toEqual(['job-4', 'job-3', 'job-2', 'job-1'])
  })

  it('folds compatibility forms, and finds negative prompts and model names', async () => {
    const { library } = await open()
    await library.put(made(1, 'Chapter Ⅻ, a ﬁne day', { params: { negative_prompt: 'blurry, watermark' }, model: 'i3-7' }))
    expect(found(library, 'xii fine')).toEqual(['job-1'])
    expect(found(library, 'watermark')).toEqual(['job-1'])
    expect(found(library, 'i3')).toEqual(['job-1'])
  })

  it('reads the query as words, never as the index query syntax', async () => {
    const { library } = await open()
    await library.put(made(1, 'a "quoted" NEAR(star* OR moon) -dash AND'))
    for (const q of ['"', '"quoted', 'NEAR(star', 'star* OR', '-dash', 'AND', ')', '*', '^moon', 'col:umn']) {
      expect(() => library.list({ query: q }), q).not.toThrow()
    }
    expect(found(library, 'NEAR(star* OR moon')).toEqual(['job-1'])
    expect(found(library, 'and')).toEqual(['job-1'])
  })

  it('counts every match, past the page', async () => {
    const { library } = await open()
    for (let n = 1; n <= 30; n++) await library.put(made(n, n % 3 ? 'forest path' : 'lighthouse at dusk'))
    const page = library.list({ query: 'forest', limit: 5, offset: 5 })
    expect(page.total).toBe(20)
    expect(page.entries.map((e) => e.id)).toEqual(['job-22', 'job-20', 'job-19', 'job-17', 'job-16'])
    expect(library.list({ limit: 1 }).total).toBe(30)
  })
})

describe('changes to several entries', () => {
  it('happen together or not at all: a board that cannot be deleted leaves every member on it', async () => {
    const { library, collections } = await open()
    for (let n = 1; n <= 3; n++) await library.put(made(n, 'forest'))
    const board = await collections.createBoard('Keepers')
    await collections.setOnBoard(['job-1', 'job-2', 'job-3'], board.id, true)
    await expect(library.updateMany(['job-1', 'job-2', 'job-3'], () => ({ boards: [], favorite: true }), () => {
      throw new Error('the board cannot be deleted')
    })).rejects.toThrow('the board cannot be deleted')
    expect(library.list({ board: board.id }).total).toBe(3)
    expect(library.list({ favorite: true }).total).toBe(0)
    expect(collections.listBoards()).toEqual([expect.objectContaining({ id: board.id, count: 3 })])
  })

  it('writes each changed entry file, and catches up at the next open a file a crash left behind', async () => {
    const { dir, library, collections } = await open()
    await library.put(made(1, 'forest'))
    await library.put(made(2, 'forest'))
    expect(await collections.setFavorite(['job-1', 'job-2', 'job-missing'], true)).toBe(2)
    const onDisk = async (id: string) => JSON.parse(await readFile(library.entryPath(id), 'utf8')) as LibraryEntry
    expect((await onDisk('job-1')).favorite).toBe(true)
    // As if the app stopped after the index committed and before the files were written.
    library.index.put({ ...library.get('job-2')!, boards: ['b-1'] }, true)
    await library.close()
    opened.length = 0
    const again = await open(dir)
    expect((await onDisk('job-2')).boards).toEqual(['b-1'])
    expect(again.library.index.entriesBehindFiles()).toEqual([])
  })
})

describe('a damaged index', () => {
  it('is kept aside and started afresh, named in the damage report', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'library-index-'))
    dirs.push(dir)
    await writeFile(join(dir, 'index.sqlite'), 'not a database, by far long enough to be taken for one'.repeat(20))
    const { library } = await open(dir)
    expect(library.size()).toBe(0)
    expect(await library.takeIndexDamage()).toEqual([expect.objectContaining({ file: 'index.sqlite', keptAs: 'index.sqlite.damaged' })])
    expect(await library.takeIndexDamage()).toEqual([])
    expect(await readFile(join(dir, 'index.sqlite.damaged'), 'utf8')).toContain('not a database')
  })
})
