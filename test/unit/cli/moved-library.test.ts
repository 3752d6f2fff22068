// After a library move, the command line's own `import` and `repair` work on the library
// where the move put it, never in the old folder the move left behind, and a note that
// leads nowhere stops them before anything is written. `repair` prints the same lines
// whether it runs offline or is handed to the app holding the folder.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeMovedNote } from '../../../src/main/core/library/library-moved'
import { startSimulator, type Simulator } from '../../../src/simulator'
import { cleanupAfterEach } from '../support/cleanup'
import { writeLibrary } from '../support/library-entries'
import { startLiveApp } from '../support/live-app'
import { pngWithText } from '../support/tool-images'
import { runCli } from './run-cli'

const LIVE_KEY = 'mgk_live0123456789abcdef0123456789ab'
const cleanup = cleanupAfterEach()
let sim: Simulator
let serviceDir: string

beforeAll(async () => {
  serviceDir = await mkdtemp(join(tmpdir(), 'moved-library-service-'))
  sim = await startSimulator({ port: 0, speed: 50, apiKey: LIVE_KEY, dataDir: serviceDir, log: () => undefined })
})
afterAll(async () => {
  await sim?.close()
  await rm(serviceDir, { recursive: true, force: true })
})

/** A data folder whose library (5 entries) was moved out of `<data>/live/library` (3 entries left behind), as the app records a move. */
async function movedLibrary(opts: { settingsKnow: boolean }) {
  const dataDir = await cleanup.tempDir('moved-data-')
  const oldDir = join(dataDir, 'live', 'library')
  const newDir = join(await cleanup.tempDir('moved-to-'), 'library')
  await writeLibrary(oldDir, 3)
  await writeLibrary(newDir, 5)
  await writeMovedNote(oldDir, newDir)
  if (opts.settingsKnow) await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ schemaVersion: 1, settings: { libraryDir: newDir } }))
  return { dataDir, oldDir, newDir }
}

const jobFolders = async (libraryDir: string) => (await readdir(join(libraryDir, 'files'))).sort()

async function pictures(count: number): Promise<string> {
  const dir = await cleanup.tempDir('moved-pictures-')
  for (let i = 0; i < count; i++) await writeFile(join(dir, `${i}.png`), await pngWithText({ parameters: `a quay ${i}\nSteps: 20, Seed: ${i}, Size: 24x16, Model: dreamshaper_8` }))
  return dir
}

describe('the command line on a moved library', () => {
  it('imports into the library where the move put it, and writes nothing into the old folder', async () => {
    const { dataDir, oldDir, newDir } = await movedLibrary({ settingsKnow: true })
    const before = await jobFolders(oldDir)
    const r = await runCli(dataDir, ['import', await pictures(2)])
    expect(r.code, r.err).toBe(0)
    expect(r.out).toContain(`import: 2 imported into ${newDir}`)
    expect(await jobFolders(oldDir)).toEqual(before)
    expect((await jobFolders(newDir)).filter((d) => d.startsWith('import-'))).toHaveLength(2)
  }, 60_000)

  it('follows the note when the settings lost the move: import and repair both work on the new folder', async () => {
    const { dataDir, oldDir, newDir } = await movedLibrary({ settingsKnow: false })
    const imported = await runCli(dataDir, ['import', await pictures(1)])
    expect(imported.code, imported.err).toBe(0)
    expect(imported.out).toContain(`import: 1 imported into ${newDir}`)
    expect(imported.err).toContain(`The library in ${oldDir} was moved to ${newDir}`)
    const repaired = await runCli(dataDir, ['repair'])
    expect(repaired.code, repaired.err).toBe(0)
    expect(repaired.out).toContain('repair: checked 6 job folders')
  }, 60_000)

  it('stops before writing anything when the note leads nowhere', async () => {
    const { dataDir, oldDir, newDir } = await movedLibrary({ settingsKnow: false })
    await rm(newDir, { recursive: true })
    const before = await jobFolders(oldDir)
    for (const args of [['import', await pictures(1)], ['repair']]) {
      const r = await runCli(dataDir, args)
      expect(r.code, args[0]).toBe(1)
      expect(r.err).toContain('which cannot be found now')
    }
    expect(await jobFolders(oldDir)).toEqual(before)
  }, 60_000)

  it('repair prints the same lines offline and handed to the app holding the folder', async () => {
    const { dataDir } = await movedLibrary({ settingsKnow: true })
    // The first run may set right what the library was written with; the second finds it whole.
    expect((await runCli(dataDir, ['repair'])).code).toBe(0)
    const offline = await runCli(dataDir, ['repair'])
    expect(offline.code, offline.err).toBe(0)
    expect(offline.out).toContain("index.sqlite: SQLite’s integrity check found nothing wrong")
    await startLiveApp(cleanup, sim, LIVE_KEY, dataDir)
    const handed = await runCli(dataDir, ['repair'])
    expect(handed.code, handed.err).toBe(0)
    expect(handed.err).toContain(`(pid ${process.pid})`)
    expect(handed.out).toBe(offline.out)
  }, 120_000)
})
