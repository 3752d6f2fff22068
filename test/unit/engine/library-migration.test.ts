// A library written by the release before the SQLite index (test/fixtures/legacy-library)
// is moved to the index at its first start, with nothing lost, and the files that release
// reads are left exactly as they were, so it can still open the library.
import { createHash } from 'node:crypto'
import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { Engine } from '../../../src/main/core/engine'
import { startSimulator } from '../../../src/simulator'

const FIXTURE = join(__dirname, '..', '..', 'fixtures', 'legacy-library')
const made = JSON.parse(await readFile(join(FIXTURE, 'made.json'), 'utf8')) as { ids: string[]; board: string; listedByRelease: Record<'all' | 'favorite' | 'board', string[]> }
const [lighthouse, fox, creme, city, deleted] = made.ids as [string, string, string, string, string]
const LEGACY_FILES = ['summaries.jsonl', 'deleted.jsonl', 'boards.jsonl', 'boards.json']

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined)
})

async function copyOfFixture(): Promise<{ root: string; libraryDir: string }> {
  const root = await mkdtemp(join(tmpdir(), 'legacy-library-'))
  cleanups.push(() => rm(root, { recursive: true, force: true }))
  const libraryDir = join(root, 'live', 'library')
  await cp(join(FIXTURE, 'library'), libraryDir, { recursive: true })
  return { root, libraryDir }
}

async function start(root: string): Promise<{ engine: Engine; notices: string[] }> {
  const sim = await startSimulator({ port: 0, speed: 20, dataDir: join(root, 'service') })
  cleanups.push(() => sim.close())
  const engine = new Engine({ dataDir: join(root, 'live'), baseUrl: sim.url, legacyBaseUrl: sim.legacyUrl, apiKey: () => sim.apiKey, webhooks: { mode: 'off' } })
  const notices: string[] = []
  engine.on('notice', (n) => notices.push(n.message))
  // The pass over the pictures adds each one's look to its entry file and its row in the
  // background; the entries are compared once it is done, not while it writes.
  const looked = new Promise<void>((resolve) => engine.on('pictures', (p) => p.state === 'done' && resolve()))
  await engine.start()
  await engine.libraryChecked()
  await looked
  cleanups.push(() => engine.close())
  return { engine, notices }
}

async function hashes(dir: string, names: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const name of names) out[name] = createHash('sha256').update(await readFile(join(dir, name))).digest('hex')
  return out
}

const ids = (r: { entries: { jobId: string }[] }) => r.entries.map((e) => e.jobId)

describe('a library of the release before the index', () => {
  it('is moved to the index at first start with its entries, favourites, boards and deletes, telling the user', async () => {
    const { root, libraryDir } = await copyOfFixture()
    const before = await hashes(libraryDir, LEGACY_FILES)
    const { engine, notices } = await start(root)

    // In the order that release listed them (four finished in the same millisecond).
    expect(ids(engine.listLibrary())).toEqual(made.listedByRelease.all)
    expect(made.listedByRelease.all.slice().sort()).toEqual([lighthouse, fox, creme, city].sort())
    expect(engine.getEntry(creme)).toMatchObject({ prompt: 'Crème brûlée on a café table', favorite: true, boards: [made.board] })
    expect(ids(engine.listLibrary({ favorite: true }))).toEqual(made.listedByRelease.favorite)
    expect(made.listedByRelease.favorite.slice().sort()).toEqual([lighthouse, creme].sort())
    expect(ids(engine.listLibrary({ board: made.board }))).toEqual(made.listedByRelease.board)
    expect(made.listedByRelease.board.slice().sort()).toEqual([fox, creme].sort())
    expect(engine.listBoards().map((b) => [b.name, b.count])).toEqual([['Empty board', 0], ['Keepers', 2]])
    expect(engine.isDeleted(deleted)).toBe(true)
    expect(ids(engine.listLibrary({ query: 'creme BRULEE' }))).toEqual([creme])
    for (const id of [lighthouse, fox, creme, city]) {
      // Each entry as that release wrote it (with its pictures' looks measured since), the
      // same in the index as in its file, with its output still in place.
      const written = JSON.parse(await readFile(join(libraryDir, 'files', id, 'entry.json'), 'utf8')) as { files: { path: string; bytes: number }[] }
      expect(engine.getEntry(id)).toEqual(written)
      expect((await stat(join(libraryDir, written.files[0]!.path))).size).toBeGreaterThan(0)
    }

    expect(notices).toContainEqual(expect.stringContaining('Moving your library of 4 entries to its new index'))
    expect(notices).toContainEqual(expect.stringContaining('Your library is on its new index: 4 entries, 1 delete and 2 boards, checked.'))
    // Nothing needed repair: the import alone brought every entry, delete and board.
    expect(notices.filter((n) => n.startsWith('The library'))).toEqual([])
    expect(engine.startRepair).toMatchObject({ reindexed: 0, rebuilt: [], dropped: [], deletesKept: 0, boardsRecovered: 0 })
    expect(await hashes(libraryDir, LEGACY_FILES)).toEqual(before)
  })

  it('is moved once, and the files the earlier release reads stay as they were, so it can open the library again', async () => {
    const { root, libraryDir } = await copyOfFixture()
    const before = await hashes(libraryDir, LEGACY_FILES)
    const first = await start(root)
    await first.engine.setFavorite([city], true)
    await first.engine.close()

    const again = await start(root)
    expect(again.notices.filter((n) => n.includes('new index'))).toEqual([])
    expect(ids(again.engine.listLibrary({ favorite: true })).sort()).toEqual([city, creme, lighthouse].sort())
    // The earlier release's index and logs are untouched; what changed since is in the entry files it reads at start.
    expect(await hashes(libraryDir, LEGACY_FILES.slice(0, 3))).toEqual(Object.fromEntries(Object.entries(before).slice(0, 3)))
    expect(JSON.parse(await readFile(join(libraryDir, 'files', city, 'entry.json'), 'utf8'))).toMatchObject({ favorite: true })
    expect((await readdir(join(libraryDir, 'deleted'))).sort()).toEqual([`${deleted}.json`])
    expect((await stat(join(libraryDir, 'index.sqlite'))).isFile()).toBe(true)
  })

  it('once moved, rebuilds a damaged index from the files alone: a board deleted since does not come back from the old logs', async () => {
    const { root, libraryDir } = await copyOfFixture()
    const first = await start(root)
    const empty = first.engine.listBoards().find((b) => b.name === 'Empty board')!
    await first.engine.deleteBoard(empty.id)
    await first.engine.close()
    await writeFile(join(libraryDir, 'index.sqlite'), 'junk\n')

    const again = await start(root)
    expect(again.notices.filter((n) => n.includes('new index'))).toEqual([])
    expect(again.engine.listBoards().map((b) => b.name)).toEqual(['Keepers'])
    expect(ids(again.engine.listLibrary()).sort()).toEqual([lighthouse, fox, creme, city].sort())
    expect(again.engine.isDeleted(deleted)).toBe(true)
  })
})
