// The built app's updater under the stand-in Electron, against a local feed: a newer
// version, signed with the release key, is downloaded in the background when the user
// checks, checked against its SHA-512, announced to the page with what is new, and
// installed when the app quits. ("Check for updates automatically" is off here, so nothing
// happens before the user asks.)
// Linux only: there electron-updater installs an AppImage, which a shell script can stand
// in for; on macOS and Windows it hands over to Squirrel and NSIS.
import { readFile, rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appImage, FEED_NAME, FeedServer, feedText, releaseKeys, sha512, signFeed } from './update-feed'
import { startSmokeApp, type SmokeApp } from './update-harness'

const FILE = 'mediagen-studio-0.2.0-x86_64.AppImage'
const NEW_VERSION = appImage('0.2.0')
const NOTES = 'Updates install themselves.\nThe gallery opens faster.'

describe.skipIf(process.platform !== 'linux')('an update offered by a signed feed', () => {
  let feed: FeedServer
  let app: SmokeApp

  beforeAll(async () => {
    const keys = releaseKeys()
    feed = await new FeedServer().start()
    const text = feedText('0.2.0', FILE, sha512(NEW_VERSION), NEW_VERSION.length, NOTES)
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

  it('does not check by itself while automatic checks are off', async () => {
    expect(await app.status()).toMatchObject({ state: 'idle', currentVersion: '0.1.0', checkedAt: null })
    expect(feed.requested).toEqual([])
  })

  it('on “Check now”, downloads the new version in the background and tells the page what is new', async () => {
    const checked = await app.api.invoke('updates.check', {})
    expect(checked).toMatchObject({ ok: true, data: { state: 'downloading', version: '0.2.0' } })
    const ready = await app.waitForState('ready')
    expect(ready).toMatchObject({ version: '0.2.0', currentVersion: '0.1.0', releaseNotes: NOTES, checkedAt: expect.any(String) })
    expect(app.sent('update.changed')).toContainEqual(expect.objectContaining({ state: 'ready', version: '0.2.0', releaseNotes: NOTES }))
    expect(feed.requested).toEqual(expect.arrayContaining([`/${FEED_NAME}`, `/${FEED_NAME}.sig`, `/${FILE}`]))
    expect(app.sent('notice')).toEqual([])
    // The running version stays as it is until the app quits.
    expect(await readFile(app.appImagePath)).toEqual(appImage('0.1.0'))
  })

  it('installs the verified download when the app quits', async () => {
    app.stub.electron.app.quit()
    expect(await app.stub.exited).toBe(0)
    expect(await readFile(app.appImagePath)).toEqual(NEW_VERSION)
    // The installer ran the new AppImage once to finish installing, as the AppImage updater does.
    expect(await readFile(`${app.appImagePath}.ran`, 'utf8')).toContain('APPIMAGE_EXIT_AFTER_INSTALL=true; folders held: 0')
    expect(app.stub.record.errors).toEqual([])
  })
})
