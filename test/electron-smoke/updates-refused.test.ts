// The built app's updater under the stand-in Electron, refusing what it must not install:
// a feed changed after it was signed (its file and SHA-512 swapped for an attacker's, which
// agree with each other), and a download that does not match the signed feed's SHA-512.
// Each is refused, nothing is installed, and the user is told once, not at every check.
// Linux only, as in updates-install.test.ts.
import { readdir, readFile, rm } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appImage, FEED_NAME, FeedServer, feedText, releaseKeys, sha512, signFeed } from './update-feed'
import { startSmokeApp, type SmokeApp } from './update-harness'

const FILE = 'mediagen-studio-0.2.0-x86_64.AppImage'
const GENUINE = appImage('0.2.0')
const EVIL = Buffer.from('#!/bin/sh\necho owned > "$0.ran"\n')
const NOTES = 'A faster gallery.'

describe.skipIf(process.platform !== 'linux')('an update that fails verification', () => {
  let feed: FeedServer
  let app: SmokeApp
  let genuineFeed: string
  let genuineSignature: string
  const notices = () => app.sent('notice') as { level: string; message: string }[]
  const requestsFor = (path: string) => feed.requested.filter((p) => p === path).length

  beforeAll(async () => {
    const keys = releaseKeys()
    feed = await new FeedServer().start()
    genuineFeed = feedText('0.2.0', FILE, sha512(GENUINE), GENUINE.length, NOTES)
    genuineSignature = signFeed(genuineFeed, keys.privateKey)
    // The feed as an attacker on the server left it: their file, its SHA-512, the old signature.
    feed.files.set(FEED_NAME, Buffer.from(feedText('0.2.0', FILE, sha512(EVIL), EVIL.length, NOTES)))
    feed.files.set(`${FEED_NAME}.sig`, Buffer.from(genuineSignature))
    feed.files.set(FILE, EVIL)
    // "Check for updates automatically" is on (the default): the app checks as it starts.
    app = await startSmokeApp({ version: '0.1.0', feedUrl: feed.url, publicPem: keys.publicPem })
    app.listen()
  })

  afterAll(async () => {
    await feed?.close()
    if (app) await rm(app.dir, { recursive: true, force: true })
  })

  it('refuses a feed whose signature does not match it, downloads nothing and says so once', async () => {
    const refused = await app.waitForState('refused')
    expect(refused.message).toMatch(/not signed by MediaGen Studio’s publisher/)
    expect(requestsFor(`/${FEED_NAME}.sig`)).toBe(1)
    expect(requestsFor(`/${FILE}`)).toBe(0)
    expect(notices()).toEqual([{ level: 'error', message: refused.message }])
    // Asking again finds the same feed: refused again, and not said again.
    expect(await app.api.invoke('updates.check', {})).toMatchObject({ ok: true, data: { state: 'refused' } })
    expect(requestsFor(`/${FEED_NAME}.sig`)).toBe(2)
    expect(requestsFor(`/${FILE}`)).toBe(0)
    expect(notices()).toHaveLength(1)
  })

  it('refuses a download that does not match the signed SHA-512, keeps nothing of it and says so once', async () => {
    // The genuine signed feed, but the attacker's file behind its name.
    feed.files.set(FEED_NAME, Buffer.from(genuineFeed))
    expect(await app.api.invoke('updates.check', {})).toMatchObject({ ok: true, data: { state: 'downloading', version: '0.2.0' } })
    const refused = await app.waitForState('refused')
    expect(refused).toMatchObject({ version: '0.2.0', message: expect.stringMatching(/did not match its published checksum/) })
    expect(requestsFor(`/${FILE}`)).toBeGreaterThan(0)
    expect(notices()).toHaveLength(2)
    expect(notices()[1]).toEqual({ level: 'error', message: refused.message })
    // Not said again at the next check.
    await app.api.invoke('updates.check', {})
    await app.waitForState('refused')
    expect(notices()).toHaveLength(2)
    // No copy of the file is left for the installer to pick up.
    const cache = join(app.dir, 'cache', 'mediagen-studio-updater-dev')
    const left = existsSync(cache) ? await readdir(cache, { recursive: true }) : []
    expect(left.filter((f) => f.endsWith('.AppImage'))).toEqual([])
  })

  it('installs nothing when the app quits', async () => {
    app.stub.electron.app.quit()
    expect(await app.stub.exited).toBe(0)
    expect(await readFile(app.appImagePath)).toEqual(appImage('0.1.0'))
    expect(existsSync(`${app.appImagePath}.ran`)).toBe(false)
    expect(app.stub.record.errors).toEqual([])
  })
})
