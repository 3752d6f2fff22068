// The built app's updater under the stand-in Electron with its update server out of
// reach (the connection is refused): the check at start and "Check now" both end quietly,
// with a line in the update log and no notice, dialog or download.
// Linux only, as in updates-install.test.ts.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { appImage, releaseKeys } from './update-feed'
import { startSmokeApp, type SmokeApp } from './update-harness'

/** An address nothing listens on: a port just given back by a server that closed. */
async function closedPort(): Promise<string> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((done) => server.close(() => done()))
  return `http://127.0.0.1:${port}/`
}

describe.skipIf(process.platform !== 'linux')('an update server out of reach', () => {
  let app: SmokeApp

  beforeAll(async () => {
    app = await startSmokeApp({ version: '0.1.0', feedUrl: await closedPort(), publicPem: releaseKeys().publicPem })
    app.listen()
  })

  afterAll(async () => {
    if (app) await rm(app.dir, { recursive: true, force: true })
  })

  it('is ignored quietly at start and on “Check now”, and noted in the update log', async () => {
    const atStart = await app.waitForState('unreachable')
    expect(atStart).toMatchObject({ version: null, checkedAt: null, message: expect.stringMatching(/could not be reached/) })
    expect(await app.api.invoke('updates.check', {})).toMatchObject({ ok: true, data: { state: 'unreachable' } })
    expect(app.sent('notice')).toEqual([])
    expect(app.stub.record.errors).toEqual([])
    const log = join(app.dir, 'user-data', 'logs', 'updates.log')
    const lines = async () => (await readFile(log, 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>)
    await vi.waitFor(async () => expect(await lines()).toContainEqual(expect.objectContaining({ event: 'update-unreachable', level: 'info', detail: 'net::ERR_CONNECTION_REFUSED' })), { timeout: 10_000, interval: 50 })
  })

  it('quits as usual, with nothing installed', async () => {
    app.stub.electron.app.quit()
    expect(await app.stub.exited).toBe(0)
    expect(await readFile(app.appImagePath)).toEqual(appImage('0.1.0'))
  })
})
