// A library built with the demo service (real outputs, with their settings embedded),
// then damaged on disk in named ways, as a crash, a full disk or a bad sync tool would.
import { appendFile, mkdtemp, readdir, rm, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Engine, type EngineOptions } from '../../../src/main/core/engine'
import { startSimulator, type Simulator } from '../../../src/simulator'

export interface BuiltLibrary {
  /** Temp folder holding everything (removed by `dispose`). */
  root: string
  sim: Simulator
  /** The data folder as the command line takes it (`--data-dir`); the engine's is its `live` folder. */
  cliDataDir: string
  /** Options for an engine over this library (start a new one after damaging it). */
  engineOptions: EngineOptions
  libraryDir: string
  /** Completed jobs still in the library, with their prompts. */
  jobs: { jobId: string; prompt: string }[]
  /** Favourite job ids. */
  favorites: string[]
  boardId: string
  boardMembers: string[]
  /** A job the user deleted. */
  deletedId: string
  dispose(): Promise<void>
}

/** Four image jobs: two favourites, one on a board, one deleted. */
export async function buildLibrary(): Promise<BuiltLibrary> {
  const root = await mkdtemp(join(tmpdir(), 'damaged-library-'))
  const sim = await startSimulator({ port: 0, speed: 20, dataDir: join(root, 'service') })
  const engineOptions: EngineOptions = { dataDir: join(root, 'app', 'live'), baseUrl: sim.url, legacyBaseUrl: sim.legacyUrl, apiKey: () => sim.apiKey, webhooks: { mode: 'off' } }
  const engine = new Engine(engineOptions)
  await engine.start()
  const jobs: { jobId: string; prompt: string }[] = []
  for (const prompt of ['a lighthouse at dusk', 'a fox in snow', 'a city at night', 'to be deleted']) {
    const record = await engine.submit({ model: 'i1-1', prompt })
    jobs.push({ jobId: record.jobId!, prompt })
  }
  await engine.settle(60_000)
  const deletedId = jobs.pop()!.jobId
  await engine.removeEntry(deletedId)
  const favorites = [jobs[0]!.jobId, jobs[1]!.jobId]
  await engine.setFavorite(favorites, true)
  const board = await engine.curation.collections.createBoard('Keepers')
  const boardMembers = [jobs[2]!.jobId]
  await engine.curation.collections.setOnBoard(boardMembers, board.id, true)
  await engine.close()
  return {
    root, sim, cliDataDir: join(root, 'app'), engineOptions, libraryDir: join(root, 'app', 'live', 'library'), jobs, favorites, boardId: board.id, boardMembers, deletedId,
    dispose: async () => {
      await sim.close()
      await rm(root, { recursive: true, force: true })
    }
  }
}

export function entryFile(lib: BuiltLibrary, jobId: string): string {
  return join(lib.libraryDir, 'files', jobId, 'entry.json')
}

/** The damage, by name; each says what it did, for the test to look for. */
export const damage = {
  /** An entry file cut short by a crash. */
  truncatedEntry: (lib: BuiltLibrary, jobId: string) => truncate(entryFile(lib, jobId), 40),
  /** The index emptied (a zero-length file, which SQLite takes for a new database). */
  emptyIndex: (lib: BuiltLibrary) => truncate(join(lib.libraryDir, 'index.sqlite'), 0),
  /** The index overwritten with bytes that are not a database. */
  junkIndex: (lib: BuiltLibrary) => writeFile(join(lib.libraryDir, 'index.sqlite'), 'junk\n'),
  missingIndex: (lib: BuiltLibrary) => rm(join(lib.libraryDir, 'index.sqlite')),
  /** The job journal pruned: nothing but the files on disk knows the job any more. */
  emptyJournal: (lib: BuiltLibrary) => truncate(join(lib.engineOptions.dataDir, 'journal.jsonl'), 0),
  /** An output no entry lists: its entry file is gone, and so is every index and journal record of it. */
  orphanOutput: async (lib: BuiltLibrary, jobId: string) => {
    await rm(entryFile(lib, jobId))
    await damage.emptyIndex(lib)
    await damage.emptyJournal(lib)
  },
  /** Leftovers of writes cut short by a crash (another process's temps) and a stale partial download. */
  leftovers: async (lib: BuiltLibrary, jobId: string) => {
    const dir = join(lib.libraryDir, 'files', jobId)
    await writeFile(join(dir, '.entry.json.999999.abcdef.tmp'), '{"half')
    await writeFile(join(lib.libraryDir, '.summaries.jsonl.999999.abcdef.tmp'), 'x')
    await writeFile(join(dir, '0.download.part'), 'partial')
    await writeFile(join(dir, '0.download.part.json'), '{}')
  },
  junkSettings: (path: string) => writeFile(path, '{"baseUrl": "https://api.exa'),
  /** A line of junk appended to a log, as a torn write would leave. */
  tornLine: (path: string) => appendFile(path, '{"torn'),
  outputNames: async (lib: BuiltLibrary, jobId: string) => (await readdir(join(lib.libraryDir, 'files', jobId))).filter((n) => /^\d+\.\w+$/.test(n))
}
