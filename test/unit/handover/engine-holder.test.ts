// A command line's own engine holds the data folder (a `sync`, say) and serves the
// folder meanwhile: another command line's submit, sync, import and repair are done by
// it. Its door closes when the engine lets the folder go or loses it, and opens again
// when the folder is back; a submit under way when it closes still gets its answer; and
// the app's holder counts handed submits against the app's jobs-a-minute cap.
import { createServer, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { rmdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { handOver, type HandOverContext } from '../../../src/main/cli/hand-over'
import { servingEngine } from '../../../src/main/core/commands/engine-commands'
import { appHolderCommands } from '../../../src/main/core/app/app-holder-commands'
import { SendLimiter } from '../../../src/main/core/app/send-limiter'
import type { Engine, EngineOptions } from '../../../src/main/core/engine'
import { lockFolder } from '../../../src/main/core/fs/folder-lock'
import { readDoor } from '../../../src/main/core/handover/door-file'
import type { HolderCommands } from '../../../src/main/core/handover/holder-commands'
import type { HandoverCommand } from '../../../src/shared/app/handover'
import type { Simulator } from '../../../src/simulator'
import { cleanupAfterEach } from '../support/cleanup'
import { engineOptionsFor, startTestSimulator } from '../support/demo-engine'
import { pngWithText } from '../support/tool-images'

const cleanup = cleanupAfterEach()

async function holder(opts: Partial<EngineOptions> = {}, commandsFor?: (engine: Engine) => HolderCommands) {
  const dir = await cleanup.tempDir('engine-holder-')
  const sim = await startTestSimulator(cleanup, dir)
  const data = join(dir, 'data')
  const engine = servingEngine(engineOptionsFor(sim, join(data, 'live'), opts), commandsFor)
  const notices: string[] = []
  engine.on('notice', (n) => notices.push(n.message))
  await engine.start()
  cleanup.defer(() => engine.close())
  return { dir, sim, data, engine, notices }
}

async function handed(data: string, command: HandoverCommand, options: Record<string, string | boolean>, rest: string[] = []) {
  const out: string[] = []
  const err: string[] = []
  const ctx: HandOverContext = { dataDir: data, options, rest, out: (l) => out.push(l), err: (l) => err.push(l), startedAt: Date.now() }
  const code = await handOver(command, ctx)
  return { code, out: out.join('\n'), err: err.join('\n') }
}

/** A proxy that holds every submission until `release()`, as a slow service would. */
async function gatedProxy(sim: Simulator) {
  let open: () => void = () => undefined
  const gate = new Promise<void>((resolve) => (open = resolve))
  let held = 0
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      if (req.method === 'POST' && /\/generations$/.test(req.url ?? '')) {
        held++
        await gate
      }
      const upstream = httpRequest(new URL(req.url ?? '/', sim.url), { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      })
      upstream.on('error', () => req.socket.destroy())
      upstream.end(Buffer.concat(chunks))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanup.defer(() => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, held: () => held, release: () => open() }
}

describe('an engine holding the data folder', () => {
  it('does the submit, sync, import and repair another command line hands to it', async () => {
    const { data, engine } = await holder()
    const submitted = await handed(data, 'submit', { model: 'i1-1', prompt: 'handed over' })
    expect(submitted.code, submitted.err).toBe(0)
    expect(engine.jobs().map((r) => r.jobId)).toContain(submitted.out.trim())

    const synced = await handed(data, 'sync', { timeout: '60' })
    expect(synced.code, synced.out + synced.err).toBe(0)
    expect(synced.out).toContain('synced: 1 job in the library, 1 file saved')
    expect(engine.getEntry(submitted.out.trim())?.files.every((f) => f.state === 'saved')).toBe(true)

    const pictures = await cleanup.tempDir('engine-holder-pictures-')
    await writeFile(join(pictures, 'a.png'), await pngWithText({ parameters: 'a quay\nSteps: 20, Seed: 7, Size: 24x16, Model: dreamshaper_8' }))
    await writeFile(join(pictures, 'notes.txt'), 'not a picture')
    const imported = await handed(data, 'import', {}, [pictures])
    expect(imported.code, imported.err).toBe(0)
    expect(imported.out).toContain(`skipped ${join(pictures, 'notes.txt')}: Not a picture this app recognises`)
    expect(imported.out).toContain(`import: 1 imported into ${engine.libraryDir()}, 0 already there, 1 skipped, of 2 files in ${pictures}`)
    const missing = await handed(data, 'import', {}, [join(pictures, 'not-there')])
    expect(missing.code).toBe(64)
    expect(missing.err).toContain('There is no folder at')

    const repaired = await handed(data, 'repair', {})
    expect(repaired.code, repaired.err).toBe(0)
    // The holder's repair runs SQLite's own check of the index, as the command line's offline one does.
    expect(repaired.out).toBe("repair: checked 2 job folders\n  index.sqlite: SQLite’s integrity check found nothing wrong\n  nothing was damaged")
  }, 60_000)

  it('runs one import at a time: a handed import while its own runs is told to wait (exit 10)', async () => {
    const { data, engine } = await holder()
    const pictures = await cleanup.tempDir('engine-holder-many-')
    for (let i = 0; i < 300; i++) await writeFile(join(pictures, `${i}.png`), await pngWithText({ parameters: `picture ${i}\nSteps: 20, Seed: ${i}, Size: 24x16` }))
    const own = engine.importFolder(pictures)
    const handedImport = await handed(data, 'import', {}, [pictures])
    expect(handedImport.code).toBe(10)
    expect(handedImport.err).toContain(`folder held by pid ${process.pid}: A folder is being imported already`)
    expect((await own).imported).toBe(300)
  }, 60_000)

  it('stops serving when it loses the folder, and serves again once the folder is back', async () => {
    const { data, engine, notices } = await holder({ lockStaleMs: 2_000 })
    const live = join(data, 'live')
    expect(await readDoor(live)).not.toBeNull()
    await rmdir(join(live, 'owner.lock'))
    const releaseOther = await lockFolder(live, { staleMs: 2_000 })
    cleanup.defer(releaseOther)
    await vi.waitFor(() => expect(notices.join('\n')).toContain('took over'), { timeout: 10_000 })
    await vi.waitFor(async () => expect(await readDoor(live)).toBeNull(), { timeout: 10_000 })
    expect((await handed(data, 'submit', { model: 'i1-1', prompt: 'meanwhile' })).code).toBeNull()

    await releaseOther()
    await vi.waitFor(() => expect(notices.join('\n')).toContain('to itself again'), { timeout: 10_000 })
    const after = await handed(data, 'submit', { model: 'i1-1', prompt: 'after' })
    expect(after.code, after.err).toBe(0)
    expect(engine.jobs().map((r) => r.jobId)).toContain(after.out.trim())
  }, 60_000)

  it('answers a submit under way before it closes, then is gone', async () => {
    const dir = await cleanup.tempDir('engine-holder-gate-')
    const sim = await startTestSimulator(cleanup, dir)
    const proxy = await gatedProxy(sim)
    const data = join(dir, 'data')
    const engine = servingEngine(engineOptionsFor(sim, join(data, 'live'), { baseUrl: proxy.url }))
    await engine.start()
    cleanup.defer(() => engine.close())
    const submitting = handed(data, 'submit', { model: 'i1-1', prompt: 'in flight' })
    await vi.waitFor(() => expect(proxy.held()).toBe(1), { timeout: 10_000 })
    const closing = engine.close()
    proxy.release()
    const answer = await submitting
    await closing
    expect(answer.code, answer.err).toBe(0)
    expect(sim.jobCount()).toBe(1)
    expect(await readDoor(join(data, 'live'))).toBeNull()
    expect((await handed(data, 'repair', {})).code).toBeNull()
  }, 60_000)

  it('as the app, counts handed submits against the app\'s jobs-a-minute cap', async () => {
    const sends = new SendLimiter(1)
    const { data, sim } = await holder({}, (engine) => appHolderCommands(engine, sends, async () => undefined))
    expect((await handed(data, 'submit', { model: 'i1-1', prompt: 'first' })).code).toBe(0)
    const second = await handed(data, 'submit', { model: 'i1-1', prompt: 'second' })
    expect(second.code).toBe(11)
    expect(second.err).toContain('Not sent: the app sends at most 1 jobs a minute')
    expect(sim.jobCount()).toBe(1)
  }, 60_000)
})
