// A damaged page inside the library's index is damage wherever it shows, not only at open:
// the index is set aside and rebuilt from the files, the user is told once, a change that
// hit the damage is made against the rebuilt index, a question is answered in words (never
// SQLite's), Repair library finds what no query has read yet, and no start ever fails on it.
import { cp, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Engine } from '../../../src/main/core/engine'
import type { LibraryPage } from '../../../src/main/core/library/index/library-index'
import { cleanupAfterEach } from '../support/cleanup'
import { startTestController } from '../support/test-controller'
import { indexFile, overwritePages, pagesOf, writeLibrary } from '../support/library-entries'

const cleanup = cleanupAfterEach()
const ENTRIES = 300
const OFFLINE = 'http://127.0.0.1:9'

interface Opened {
  engine: Engine
  notices: string[]
  libraryDir: string
}

// One library of ENTRIES entries (every fifth a favourite), written once; each test damages a copy.
let template: string
beforeAll(async () => {
  template = await mkdtemp(join(tmpdir(), 'index-damage-template-'))
  await writeLibrary(template, ENTRIES)
})
afterAll(() => rm(template, { recursive: true, force: true }))

/** A copy of the library, its index then damaged by `harm`. */
async function damagedLibrary(harm: (index: string) => Promise<void>): Promise<{ dir: string; libraryDir: string }> {
  const dir = await cleanup.tempDir('index-damage-')
  const libraryDir = join(dir, 'live', 'library')
  await cp(template, libraryDir, { recursive: true })
  await harm(indexFile(libraryDir))
  return { dir, libraryDir }
}

async function start(dir: string): Promise<Opened> {
  const engine = new Engine({ dataDir: join(dir, 'live'), baseUrl: OFFLINE, legacyBaseUrl: OFFLINE, apiKey: () => null, webhooks: { mode: 'off' } })
  const notices: string[] = []
  engine.on('notice', (n) => notices.push(n.message))
  await engine.start()
  cleanup.defer(() => engine.close())
  return { engine, notices, libraryDir: join(dir, 'live', 'library') }
}

/** The answer, or the words of the failure (SQLite's own words must never be among them). */
function asked(question: () => LibraryPage): LibraryPage | string {
  try {
    return question()
  } catch (err) {
    return (err as Error).message
  }
}

const ids = (page: LibraryPage) => page.entries.map((e) => e.id)
const newestFirst = (ns: number[]) => [...ns].sort((a, b) => b - a).map((n) => `job-${n}`)
const upTo = (count: number, keep: (n: number) => boolean) => Array.from({ length: count }, (_, i) => i + 1).filter(keep)
const repaired = (notices: string[]) => notices.filter((n) => n.startsWith('The library had damaged files (index.sqlite) and was repaired'))
const SQLITE_WORDS = /malformed|SQLITE|database disk image|not a database/i

describe('a damaged page of the index, found while the app runs', () => {
  it('answers the question that found it in words, rebuilds the index, and makes the change that hit it against the rebuilt one', async () => {
    const { dir } = await damagedLibrary(async (file) => overwritePages(file, pagesOf(file, 'entries_favorite')))
    const { engine, notices, libraryDir } = await start(dir)

    const first = asked(() => engine.listLibrary({ favorite: true, limit: 500 }))
    expect(first).toEqual(expect.stringContaining("The library's index was damaged and is being rebuilt from the files on disk"))
    expect(first).not.toMatch(SQLITE_WORDS)

    // The change waits for the rebuild and is made against it: entry file and index agree.
    expect(await engine.setFavorite(['job-7'], true)).toBe(1)
    await engine.removeEntry('job-10')
    const favorites = upTo(ENTRIES, (n) => (n % 5 === 0 || n === 7) && n !== 10)
    expect(ids(engine.listLibrary({ favorite: true, limit: 500 }))).toEqual(newestFirst(favorites))
    expect(engine.listLibrary({ model: 'i1-1', limit: 500 }).total).toBe(ENTRIES / 2)
    expect((JSON.parse(await readFile(join(libraryDir, 'files', 'job-7', 'entry.json'), 'utf8')) as { favorite: boolean }).favorite).toBe(true)
    expect(engine.isDeleted('job-10')).toBe(true)

    expect(repaired(notices)).toEqual([expect.stringContaining(`${ENTRIES} entries put back in the index`)])
    expect((await stat(join(libraryDir, 'index.sqlite.damaged'))).isFile()).toBe(true)
  })

  it('makes a change that itself found the damage against the rebuilt index, once', async () => {
    const { dir } = await damagedLibrary(async (file) => overwritePages(file, pagesOf(file, 'entries_favorite')))
    const { engine, notices, libraryDir } = await start(dir)
    expect(await engine.setFavorite(['job-7', 'job-8'], true)).toBe(2)
    expect(ids(engine.listLibrary({ favorite: true, limit: 500 }))).toEqual(newestFirst(upTo(ENTRIES, (n) => n % 5 === 0 || n === 7 || n === 8)))
    expect((JSON.parse(await readFile(join(libraryDir, 'files', 'job-8', 'entry.json'), 'utf8')) as { favorite: boolean }).favorite).toBe(true)
    expect(repaired(notices)).toHaveLength(1)
  })

  it('keeps working through the damage of the issue (pages 5 to 7 overwritten), saying nothing in SQLite\'s words', async () => {
    const { dir } = await damagedLibrary((file) => overwritePages(file, [5, 6, 7]))
    const { engine, notices } = await start(dir)
    const answers = [{ favorite: true }, { model: 'i1-1' }, { query: 'fox' }, {}].map((q) => asked(() => engine.listLibrary({ ...q, limit: 500 })))
    for (const a of answers) if (typeof a === 'string') expect(a).not.toMatch(SQLITE_WORDS)
    expect(await engine.setFavorite(['job-7'], true)).toBe(1)
    await engine.removeEntry('job-10')
    expect(ids(engine.listLibrary({ favorite: true, limit: 500 }))).toEqual(newestFirst(upTo(ENTRIES, (n) => (n % 5 === 0 || n === 7) && n !== 10)))
    expect(engine.listLibrary({ model: 'i1-1', limit: 500 }).total).toBe(ENTRIES / 2)
    expect(repaired(notices)).toHaveLength(1)
  })
})

describe('a damaged index read by a filter of several columns, whose indexes are merged', () => {
  it.each([['the model index', 'entries_model'], ['the favourites index', 'entries_favorite']])('finds damage in %s, says so in words and answers from the rebuilt index', async (_, damaged) => {
    const { dir } = await damagedLibrary(async (file) => overwritePages(file, pagesOf(file, damaged)))
    const { engine, notices } = await start(dir)
    const filter = { favorite: true, model: 'i1-1', modality: 'image' as const }
    const first = asked(() => engine.listLibrary({ ...filter, limit: 500 }))
    expect(first).toEqual(expect.stringContaining("The library's index was damaged and is being rebuilt from the files on disk"))
    expect(first).not.toMatch(SQLITE_WORDS)
    await engine.libraryChecked()
    expect(ids(engine.listLibrary({ ...filter, limit: 500 }))).toEqual(newestFirst(upTo(ENTRIES, (n) => n % 10 === 5)))
    expect(repaired(notices)).toEqual([expect.stringContaining(`${ENTRIES} entries put back in the index`)])
  })
})

describe('a start over a damaged index', () => {
  it('never fails: a delete written beside a damaged index (a remove cut short) still starts, whole and with the delete', async () => {
    const { dir, libraryDir } = await damagedLibrary(async (file) => overwritePages(file, [...pagesOf(file, 'deleted'), ...pagesOf(file, 'entries')]))
    // A remove that wrote its delete file and then hit the damage.
    await mkdir(join(libraryDir, 'deleted'), { recursive: true })
    await writeFile(join(libraryDir, 'deleted', 'job-10.json'), JSON.stringify({ id: 'job-10', deletedAt: Date.now() }))
    const { engine, notices } = await start(dir)
    await engine.libraryChecked()
    expect(engine.listLibrary({ limit: 500 }).total).toBe(ENTRIES - 1)
    expect(engine.isDeleted('job-10')).toBe(true)
    expect(ids(engine.listLibrary({ favorite: true, limit: 500 }))).toEqual(newestFirst(upTo(ENTRIES, (n) => n % 5 === 0 && n !== 10)))
    expect(repaired(notices)).toHaveLength(1)
  })

  it.each([
    ['a folder', async (file: string) => {
      await rm(file)
      await mkdir(file)
      await writeFile(join(file, 'inside'), 'kept')
    }],
    ['an empty file', async (file: string) => writeFile(file, '')]
  ])('starts when the index is %s, puts every entry back, and says so', async (what, harm) => {
    const { dir, libraryDir } = await damagedLibrary(harm)
    const { engine, notices } = await start(dir)
    await engine.libraryChecked()
    expect(engine.listLibrary({ limit: 500 }).total).toBe(ENTRIES)
    expect(notices.filter((n) => n.startsWith('The library'))).toEqual([expect.stringContaining(`${ENTRIES} entries put back in the index`)])
    if (what === 'a folder') expect(await readFile(join(libraryDir, 'index.sqlite.damaged', 'inside'), 'utf8')).toBe('kept')
  })
})

describe('the app', () => {
  it('starts over a damaged index and a delete cut short, with no failure to start and nothing to try again', async () => {
    const { dir, libraryDir } = await damagedLibrary(async (file) => overwritePages(file, [...pagesOf(file, 'deleted'), ...pagesOf(file, 'entries')]))
    await mkdir(join(libraryDir, 'deleted'), { recursive: true })
    await writeFile(join(libraryDir, 'deleted', 'job-10.json'), JSON.stringify({ id: 'job-10', deletedAt: Date.now() }))
    // The app's own library is the demo one until an account is connected.
    await rename(join(dir, 'live'), join(dir, 'demo'))
    const { controller, events } = await startTestController(dir)
    cleanup.defer(() => controller.close())
    const page = await controller.dispatch('library.list', { limit: 500 })
    expect(page).toMatchObject({ ok: true, data: { total: ENTRIES - 1 } })
    const notices = events.flatMap((e) => (e.name === 'notice' ? [e.payload.message] : []))
    expect(notices.filter((n) => n.includes('could not start'))).toEqual([])
    expect(repaired(notices)).toHaveLength(1)
  })
})

describe('Repair library', () => {
  it("finds with SQLite's own check a damaged page no query has read yet, sets the index aside and rebuilds it", async () => {
    const { dir } = await damagedLibrary(async (file) => overwritePages(file, pagesOf(file, 'entries_lora')))
    const { engine, notices } = await start(dir)
    await engine.libraryChecked()
    const report = await engine.repairLibrary()
    expect(report.damaged).toEqual([expect.objectContaining({ file: 'index.sqlite', keptAs: 'index.sqlite.damaged', finding: expect.stringContaining("SQLite's integrity check found") })])
    expect(engine.listLibrary({ limit: 500 }).total).toBe(ENTRIES)
    expect(repaired(notices)).toHaveLength(1)
  })

  it('says the check found nothing when the index is whole', async () => {
    const { dir } = await damagedLibrary(async () => undefined)
    const { engine } = await start(dir)
    const report = await engine.repairLibrary()
    expect(report).toMatchObject({ damaged: [], indexChecked: true })
  })
})
