// "Restart to update" in the built app under the stand-in Electron: the engine is closed
// first (so the new version finds the app's folders free), the single-instance lock is
// handed on, the downloaded version replaces the AppImage and is started, and the app
// quits. Linux only, as in updates-install.test.ts.
import { readFile, rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { appImage, FEED_NAME, FeedServer, feedText, releaseKeys, sha512, signFeed } from './update-feed'
import { startSmokeApp, type SmokeApp } from './update-harness'

const FILE = 'mediagen-studio-0.2.0-x86_64.AppImage'
const NEW_VERSION = appImage('0.2.0')

describe.skipIf(process.platform !== 'linux')('restarting to update', () => {
  let feed: FeedServer
  let app: SmokeApp

  beforeAll(async () => {
    const keys = releaseKeys()
    feed = await new FeedServer().start()
    const text = feedText('0.2.0', FILE, sha512(NEW_VERSION), NEW_VERSION.length, 'A faster gallery.')
    feed.files.set(FEED_NAME, Buffer.from(text))
    feed.files.set(`${FEED_NAME}.sig`, Buffer.from(signFeed(text, keys.privateKey)))
    feed.files.set(FILE, NEW_VERSION)
    app = await startSmokeApp({ version: '0.1.0', feedUrl: feed.url, publicPem: keys.publicPem, settings: { autoUpdate: false } })
    app.listen()
  })

  afterAll(async () => {
    await feed?.close()
    if (app) await rm(app.dir, { recursive: true, force: true })
  })

  it('is refused while no update is ready', async () => {
    expect(await app.api.invoke('updates.restart', {})).toMatchObject({ ok: false, error: { code: 'conflict', message: 'There is no downloaded update to install.' } })
    expect(app.stub.record.exitCode).toBeNull()
    await app.api.invoke('updates.check', {})
    await app.waitForState('ready')
  })

  it('closes the engine, starts the new version and quits', async () => {
    expect(await app.api.invoke('updates.restart', {})).toEqual({ ok: true, data: null })
    expect(await app.stub.exited).toBe(0)
    expect(app.stub.record.singleInstanceLock).toBe(false)
    expect(await readFile(app.appImagePath)).toEqual(NEW_VERSION)
    // Started as the app (not the silent install on quit), with no folder still held by the old engine.
    await vi.waitFor(async () => expect(await readFile(`${app.appImagePath}.ran`, 'utf8')).toBe('installed with APPIMAGE_EXIT_AFTER_INSTALL=; folders held: 0\n'), { timeout: 10_000, interval: 50 })
    expect(app.stub.record.errors).toEqual([])
  })
})
