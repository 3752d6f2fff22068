// Where a copy of the app looks for updates: a packaged app only where it was built to
// look (whatever the environment says); an unpackaged one only when pointed at a feed.
import { describe, expect, it } from 'vitest'
import { chooseUpdateFeed, type FeedChoiceInput } from '../../../src/main/electron/update-config'

const BUNDLED = 'bundled key'
const APP_UPDATE_YML = 'provider: generic\nurl: https://downloads.example.com/studio/\nupdaterCacheDirName: mediagen-studio-updater\n'

function input(over: Partial<FeedChoiceInput>): FeedChoiceInput {
  return {
    isPackaged: true,
    env: {},
    packagedConfig: () => APP_UPDATE_YML,
    readText: (path) => `key from ${path}`,
    bundledKeyPem: BUNDLED,
    ...over
  }
}

describe('choosing the update feed', () => {
  it('a packaged app reads the feed electron-builder wrote, with the key built into it', () => {
    expect(chooseUpdateFeed(input({}))).toEqual({ on: true, feed: { url: 'https://downloads.example.com/studio/', publicKeyPem: BUNDLED } })
  })

  it('a packaged app ignores a feed and a key named by the environment', () => {
    const env = { MEDIAGEN_UPDATE_FEED: 'http://127.0.0.1:9/', MEDIAGEN_UPDATE_PUBLIC_KEY: '/keys/evil.pem' }
    expect(chooseUpdateFeed(input({ env }))).toEqual({ on: true, feed: { url: 'https://downloads.example.com/studio/', publicKeyPem: BUNDLED } })
  })

  it('a packaged app built without a generic feed does not update, and says why', () => {
    expect(chooseUpdateFeed(input({ packagedConfig: () => null }))).toEqual({ on: false, reason: expect.stringMatching(/no app-update\.yml/) })
    expect(chooseUpdateFeed(input({ packagedConfig: () => 'provider: github\nowner: x\n' }))).toEqual({ on: false, reason: expect.stringMatching(/no generic feed/) })
    expect(chooseUpdateFeed(input({ packagedConfig: () => 'url: [broken' }))).toMatchObject({ on: false })
  })

  it('an unpackaged app updates only when the environment names a feed, and may name the key', () => {
    expect(chooseUpdateFeed(input({ isPackaged: false }))).toEqual({ on: false, reason: expect.stringMatching(/MEDIAGEN_UPDATE_FEED/) })
    expect(chooseUpdateFeed(input({ isPackaged: false, env: { MEDIAGEN_UPDATE_FEED: 'http://127.0.0.1:8089/' } }))).toEqual({
      on: true, feed: { url: 'http://127.0.0.1:8089/', publicKeyPem: BUNDLED }
    })
    const env = { MEDIAGEN_UPDATE_FEED: 'https://staging.example.com/', MEDIAGEN_UPDATE_PUBLIC_KEY: '/keys/test.pem' }
    expect(chooseUpdateFeed(input({ isPackaged: false, env }))).toEqual({ on: true, feed: { url: 'https://staging.example.com/', publicKeyPem: 'key from /keys/test.pem' } })
  })

  it('refuses a feed over plain http to another computer', () => {
    expect(chooseUpdateFeed(input({ packagedConfig: () => 'provider: generic\nurl: http://downloads.example.com/\n' }))).toEqual({ on: false, reason: expect.stringMatching(/must be https/) })
    expect(chooseUpdateFeed(input({ isPackaged: false, env: { MEDIAGEN_UPDATE_FEED: 'file:///srv/feed/' } }))).toMatchObject({ on: false })
  })
})
