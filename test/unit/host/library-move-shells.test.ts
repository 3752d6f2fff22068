// One library location for every shell. After the app moves the library, the command line
// and `serve` on the same data folder save into the new folder, `ls` lists it, and the old
// folder (which the README says the user may delete) is never written again: it carries a
// note naming the new folder, which every engine follows, or refuses with a message when
// the note is damaged or leads to a folder that is gone.
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyLibrary } from '../../../src/main/core/app/library-move'
import { engineFromArgs } from '../../../src/main/cli/engine-from-args'
import { lsCommand } from '../../../src/main/cli/ls'
import { FolderBusyError } from '../../../src/main/core/fs/folder-lock'
import { MOVED_NOTE } from '../../../src/main/core/library/library-moved'
import type { Engine } from '../../../src/main/core/engine'
import { startSimulator, type Simulator } from '../../../src/simulator'
import type { AppInfo } from '../../../src/shared/app/settings'
import { cleanupAfterEach } from '../support/cleanup'
import { startTestController, type TestControllerOptions } from '../support/test-controller'

const LIVE_KEY = 'mgk_live0123456789abcdef0123456789ab'
const cleanup = cleanupAfterEach()
let live: Simulator
let serviceDir: string

beforeAll(async () => {
  serviceDir = await mkdtemp(join(tmpdir(), 'move-shells-service-'))
  live = await startSimulator({ port: 0, speed: 50, apiKey: LIVE_KEY, dataDir: serviceDir, log: () => undefined })
})
afterAll(async () => {
  await live?.close()
  await rm(serviceDir, { recursive: true, force: true })
})

interface Moved {
  appDir: string
  oldDir: string
  newDir: string
}

/** The app on a fresh data folder, connected to the account (live mode), closed after the test. */
async function liveApp(appDir: string, opts: TestControllerOptions = {}) {
  const app = await startTestController(appDir, opts)
  cleanup.defer(() => app.controller.close())
  const ok = async <T,>(route: string, input: unknown): Promise<T> => {
    const r = await app.controller.dispatch(route, input)
    if (!r.ok) throw new Error(`${route}: ${r.error.message}`)
    return r.data as T
  }
  return { ...app, ok }
}

/** Moves a live library with the app's controller, then closes the app, as a user would before running the command line. */
async function movedWithTheApp(): Promise<Moved> {
  const dir = await cleanup.tempDir('move-shells-')
  const appDir = join(dir, 'app')
  const app = await liveApp(appDir)
  await app.ok('settings.update', { baseUrl: live.url, legacyBaseUrl: live.legacyUrl })
  expect((await app.ok<AppInfo>('key.set', { apiKey: LIVE_KEY })).mode).toBe('live')
  const oldDir = (await app.ok<AppInfo>('app.info', {})).libraryDir
  const newDir = join(dir, 'moved library')
  expect((await app.ok<{ libraryDir: string }>('library.move', { to: newDir })).libraryDir).toBe(newDir)
  await app.controller.close()
  return { appDir, oldDir, newDir }
}

/** Every file and folder under `dir` with its size and modification time: equal before and after means nothing was written. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  const walk = async (d: string): Promise<void> => {
    for (const entry of await readdir(d, { withFileTypes: true })) {
      const abs = join(d, entry.name)
      const s = await stat(abs)
      out[relative(dir, abs)] = `${s.size} ${s.mtimeMs}`
      if (entry.isDirectory()) await walk(abs)
    }
  }
  await walk(dir)
  return out
}

/** The command line's engine on the app's data folder, closed after the test. */
function cliEngine(appDir: string): Engine {
  const engine = engineFromArgs({ 'data-dir': appDir, 'base-url': live.url }, LIVE_KEY, { lockWaitMs: 0 })
  cleanup.defer(() => engine.close())
  return engine
}

/** Submits one job through the engine and waits until its outputs are saved; the job's id. */
async function generateAndSave(engine: Engine): Promise<string> {
  const record = await engine.submit({ model: 'i1-1', prompt: 'a lighthouse' })
  await engine.settle(30_000)
  expect(engine.getEntry(record.jobId!)?.files.every((f) => f.state === 'saved')).toBe(true)
  return record.jobId!
}

/** The data folder's shared settings, without the library folder the move saved in them (as when that save failed). */
async function forgetMoveInSettings(appDir: string): Promise<void> {
  await writeFile(join(appDir, 'settings.json'), JSON.stringify({ schemaVersion: 1, settings: { baseUrl: live.url } }))
}

async function ls(appDir: string): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = []
  const err: string[] = []
  const code = await lsCommand(appDir, { json: true }, (l) => out.push(l), (l) => err.push(l))
  return { code, out: out.join('\n'), err: err.join('\n') }
}

describe('after a library move in the app', () => {
  it('leaves a note in the old folder naming the new one and when', async () => {
    const { oldDir, newDir } = await movedWithTheApp()
    const note = JSON.parse(await readFile(join(oldDir, MOVED_NOTE), 'utf8')) as { movedTo: string; movedAt: string }
    expect(note.movedTo).toBe(newDir)
    expect(Number.isNaN(Date.parse(note.movedAt))).toBe(false)
    // The note stays behind: the new library does not carry it.
    expect(await readdir(newDir)).not.toContain(MOVED_NOTE)
  }, 60_000)

  it('the command line on the app’s data folder saves into the new folder, even once the old one is deleted', async () => {
    const { appDir, oldDir, newDir } = await movedWithTheApp()
    const before = await snapshot(oldDir)
    const engine = cliEngine(appDir)
    await engine.start()
    expect(engine.libraryDir()).toBe(newDir)
    const jobId = await generateAndSave(engine)
    expect(await readdir(join(newDir, 'files'))).toContain(jobId)
    expect(await snapshot(oldDir)).toEqual(before)
    await engine.close()

    // The README invites the user to delete the old folder: the settings still lead there.
    await rm(oldDir, { recursive: true })
    const again = cliEngine(appDir)
    await again.start()
    const second = await generateAndSave(again)
    expect(await readdir(join(newDir, 'files'))).toEqual(expect.arrayContaining([jobId, second]))
    await again.close()
    await expect(stat(join(oldDir, 'files'))).rejects.toThrow()
    expect((await ls(appDir)).out).toContain(join(newDir, 'files', second))
  }, 90_000)

  it('follows the note when the settings lost the move: the command line, ls, and serve (which then remembers it)', async () => {
    const { appDir, oldDir, newDir } = await movedWithTheApp()
    await forgetMoveInSettings(appDir)
    const before = await snapshot(oldDir)

    const notices: string[] = []
    const engine = cliEngine(appDir)
    engine.on('notice', (n) => notices.push(n.message))
    await engine.start()
    const jobId = await generateAndSave(engine)
    expect(await readdir(join(newDir, 'files'))).toContain(jobId)
    expect(notices.join('\n')).toContain(`The library in ${oldDir} was moved to ${newDir}`)
    await engine.close()

    const listed = await ls(appDir)
    expect(listed.code).toBe(0)
    expect(listed.out).toContain(join(newDir, 'files', jobId))
    expect(listed.err).toContain(`was moved to ${newDir}`)

    // `serve` (and the desktop app) start the same controller on the folder's settings.json.
    const served = await liveApp(appDir)
    expect((await served.ok<AppInfo>('app.info', {})).libraryDir).toBe(newDir)
    expect((await served.ok<{ entries: { jobId: string }[] }>('library.list', {})).entries.map((e) => e.jobId)).toContain(jobId)
    const settings = JSON.parse(await readFile(join(appDir, 'settings.json'), 'utf8')) as { settings: { libraryDir: string } }
    expect(settings.settings.libraryDir).toBe(newDir)
    await served.controller.close()
    expect(await snapshot(oldDir)).toEqual(before)
  }, 90_000)

  it('refuses, naming the note, when the note is damaged, and writes nothing into the old folder', async () => {
    const { appDir, oldDir } = await movedWithTheApp()
    await forgetMoveInSettings(appDir)
    await writeFile(join(oldDir, MOVED_NOTE), '{"movedTo": "/half')
    const before = await snapshot(oldDir)

    const engine = cliEngine(appDir)
    await expect(engine.start()).rejects.toThrow(`the note saying where (${join(oldDir, MOVED_NOTE)}) cannot be read`)
    await engine.close()
    const listed = await ls(appDir)
    expect(listed.code).toBe(1)
    expect(listed.err).toContain(join(oldDir, MOVED_NOTE))
    expect(listed.out).toBe('')

    // The app (or `serve`) still starts, and says why its engine cannot.
    const app = await liveApp(appDir)
    const notices = app.events.flatMap((e) => (e.name === 'notice' ? [e.payload.message] : []))
    expect(notices.join('\n')).toMatch(/The engine could not start: .*library-moved\.json\) cannot be read/)
    const refused = await app.controller.dispatch('jobs.submit', { request: { model: 'i1-1', prompt: 'x' } })
    expect(refused.ok).toBe(false)
    await app.controller.close()
    expect(await snapshot(oldDir)).toEqual(before)
  }, 60_000)

  it('refuses, naming the new folder, when it is gone (a disk not connected), and never makes it afresh', async () => {
    const { appDir, oldDir, newDir } = await movedWithTheApp()
    await rm(newDir, { recursive: true })
    const before = await snapshot(oldDir)
    const gone = `The library folder ${newDir} cannot be found (is its disk connected?)`

    // The settings name the new folder: every shell refuses it rather than start an empty library there.
    const engine = cliEngine(appDir)
    await expect(engine.start()).rejects.toThrow(gone)
    await engine.close()
    expect((await ls(appDir)).err).toContain(gone)
    const app = await liveApp(appDir)
    expect(app.events.flatMap((e) => (e.name === 'notice' ? [e.payload.message] : [])).join('\n')).toContain(gone)
    // Nor is a missing library moved (as if it were empty) to yet another folder: refused
    // before anything is stopped or copied.
    const moved = await app.controller.dispatch('library.move', { to: join(appDir, '..', 'third') })
    expect(moved.ok ? null : moved.error).toMatchObject({ code: 'conflict', message: expect.stringContaining(gone) })
    expect(app.events.some((e) => e.name === 'library.moveProgress')).toBe(false)
    await app.controller.close()
    await expect(stat(newDir)).rejects.toThrow()

    // Settings that lost the move lead to the old folder, whose note names the missing one.
    await forgetMoveInSettings(appDir)
    const again = cliEngine(appDir)
    const refusal = await again.start().then(() => null, (err: Error) => err.message)
    expect(refusal).toContain(`The library in ${oldDir} was moved to ${newDir}`)
    expect(refusal).toContain('which cannot be found now (is its disk connected?)')
    await again.close()
    expect((await ls(appDir)).err).toContain(`was moved to ${newDir}`)
    expect(await snapshot(oldDir)).toEqual(before)
    await expect(stat(newDir)).rejects.toThrow()
  }, 60_000)

  it('refuses notes that lead in a circle', async () => {
    const dir = await cleanup.tempDir('move-circle-')
    const [a, b] = [join(dir, 'data', 'live', 'library'), join(dir, 'b')]
    await mkdir(a, { recursive: true })
    await mkdir(b)
    await writeFile(join(a, MOVED_NOTE), JSON.stringify({ movedTo: b }))
    await writeFile(join(b, MOVED_NOTE), JSON.stringify({ movedTo: a }))
    const listed = await ls(join(dir, 'data'))
    expect(listed.code).toBe(1)
    expect(listed.err).toContain('lead in a circle')
  })
})

describe('while the library is being moved', () => {
  it('holds the data folder, so a command line cannot start writing into the folder being copied', async () => {
    const dir = await cleanup.tempDir('move-held-')
    let reached!: () => void
    const copyReached = new Promise<void>((resolve) => (reached = resolve))
    let letGo!: () => void
    const mayGo = new Promise<void>((resolve) => (letGo = resolve))
    cleanup.defer(() => letGo())
    const app = await liveApp(join(dir, 'app'), {
      libraryCopy: async (...args) => {
        reached()
        await mayGo
        return copyLibrary(...args)
      }
    })
    await app.ok('settings.update', { baseUrl: live.url, legacyBaseUrl: live.legacyUrl })
    await app.ok('key.set', { apiKey: LIVE_KEY })
    const moving = app.controller.dispatch('library.move', { to: join(dir, 'new') })
    await copyReached
    await expect(cliEngine(join(dir, 'app')).start()).rejects.toBeInstanceOf(FolderBusyError)
    letGo()
    expect((await moving).ok).toBe(true)
  }, 60_000)
})
