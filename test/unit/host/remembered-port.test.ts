// The browser host comes back on the port it had for the same data folder, so the page's
// origin (and with it everything the browser stored for the page) stays the same across
// restarts. A port taken meanwhile, or a damaged host.json, gives a new port and a note.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { AppController } from '../../../src/main/core/app/controller'
import { startHostOnRememberedPort } from '../../../src/main/host/remembered-port'

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined)
})

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'host-port-'))
  cleanups.push(() => rm(dir, { recursive: true, force: true }))
  return dir
}

// No request reaches the controller in these tests: only the address matters.
const options = { controller: {} as AppController, rendererDir: tmpdir(), port: 0 }

async function start(dir: string) {
  const started = await startHostOnRememberedPort(dir, options)
  return { port: Number(new URL(started.host.url).port), note: started.note, close: () => started.host.close() }
}

/** Holds a port the way another program would. */
async function occupy(port: number): Promise<void> {
  const server = createServer()
  await new Promise<void>((ok, fail) => {
    server.once('error', fail)
    server.listen(port, '127.0.0.1', () => ok())
  })
  cleanups.push(() => new Promise((ok) => server.close(ok)))
}

describe('the port of the browser host', () => {
  it('is the same at the next start for the same data folder', async () => {
    const dir = await dataDir()
    const first = await start(dir)
    expect(first.note).toBeNull()
    await first.close()
    const second = await start(dir)
    cleanups.push(second.close)
    expect(second.port).toBe(first.port)
    expect(second.note).toBeNull()
    expect(JSON.parse(await readFile(join(dir, 'host.json'), 'utf8'))).toEqual({ port: first.port })
  })

  it('gives way to a free one when another program holds it, and says what that means', async () => {
    const dir = await dataDir()
    const first = await start(dir)
    await first.close()
    await occupy(first.port)
    const second = await start(dir)
    cleanups.push(second.close)
    expect(second.port).not.toBe(first.port)
    expect(second.note).toMatch(new RegExp(`Port ${first.port}, used last time, is taken.*without the drafts and settings`))
    expect(JSON.parse(await readFile(join(dir, 'host.json'), 'utf8'))).toEqual({ port: second.port })
  })

  it('starts on a new port when host.json is damaged, says so, and writes it again', async () => {
    const dir = await dataDir()
    await writeFile(join(dir, 'host.json'), '{"port": "eighty"')
    const started = await start(dir)
    cleanups.push(started.close)
    expect(started.note).toMatch(/host\.json is damaged; the host picked a new port/)
    expect(JSON.parse(await readFile(join(dir, 'host.json'), 'utf8'))).toEqual({ port: started.port })
  })
})
