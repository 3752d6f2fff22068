// The provider electron-updater asks for the latest version: it reads the feed only when
// the feed's signature verifies, so a feed whose files and SHA-512s were swapped together
// is refused before anything is downloaded; a feed with no signature published is refused
// too, while a signature that cannot be fetched (offline) is an unreachable server.
import { generateKeyPairSync, sign } from 'node:crypto'
import type { RequestOptions } from 'node:http'
import type { ProviderRuntimeOptions } from 'electron-updater/out/providers/Provider'
import { describe, expect, it } from 'vitest'
import { SignedFeedProvider } from '../../../src/main/electron/signed-feed-provider'
import { classifyUpdateError } from '../../../src/main/electron/update-errors'
import { FeedSignatureError } from '../../../src/main/electron/update-signature'

const SHA = (c: string) => `${c.repeat(86)}==`
const feed = (sha: string) => `version: 0.2.0\nfiles:\n  - url: app-0.2.0-x86_64.AppImage\n    sha512: ${sha}\n    size: 10\n`
const { privateKey, publicKey } = generateKeyPairSync('ed25519')
const signature = (text: string) => sign(null, Buffer.from(text), privateKey).toString('base64')
const notFound = () => Object.assign(new Error('404 Not Found'), { statusCode: 404, code: 'HTTP_ERROR_404' })

/** The updater's HTTP executor, serving `files` by path (an Error value is thrown). */
function provider(files: Record<string, string | Error>, url = 'https://downloads.example.com/studio') {
  const requested: string[] = []
  const executor = {
    request: async (options: RequestOptions) => {
      const path = (options.path ?? '').split('?')[0]!
      requested.push(path)
      const body = files[path]
      if (body === undefined) throw notFound()
      if (body instanceof Error) throw body
      return body
    }
  }
  const runtime = { isUseMultipleRangeRequest: true, platform: 'linux', executor } as unknown as ProviderRuntimeOptions
  return { requested, provider: new SignedFeedProvider({ provider: 'custom', updateProvider: SignedFeedProvider, url, publicKey }, null as never, runtime) }
}

const FEED_PATH = process.arch === 'x64' ? '/studio/latest-linux.yml' : `/studio/latest-linux-${process.arch}.yml`

describe('the signed feed provider', () => {
  it('reads a feed whose signature verifies, and finds its files in the feed’s folder', async () => {
    const text = feed(SHA('A'))
    const { provider: p, requested } = provider({ [FEED_PATH]: text, [`${FEED_PATH}.sig`]: signature(text) })
    const info = await p.getLatestVersion()
    expect(info).toMatchObject({ version: '0.2.0', files: [{ url: 'app-0.2.0-x86_64.AppImage', sha512: SHA('A') }] })
    expect(requested).toEqual([FEED_PATH, `${FEED_PATH}.sig`])
    expect(p.resolveFiles(info).map((f) => f.url.href)).toEqual(['https://downloads.example.com/studio/app-0.2.0-x86_64.AppImage'])
  })

  it('refuses a feed whose SHA-512 was changed after it was signed', async () => {
    const { provider: p } = provider({ [FEED_PATH]: feed(SHA('B')), [`${FEED_PATH}.sig`]: signature(feed(SHA('A'))) })
    await expect(p.getLatestVersion()).rejects.toThrow(FeedSignatureError)
    await expect(p.getLatestVersion()).rejects.toMatchObject({ problem: 'mismatch' })
  })

  it('refuses a feed published without a signature', async () => {
    const { provider: p } = provider({ [FEED_PATH]: feed(SHA('A')) })
    await expect(p.getLatestVersion()).rejects.toMatchObject({ code: 'ERR_UPDATE_SIGNATURE', problem: 'missing' })
  })

  it('counts a signature it could not fetch as an unreachable server, not a refusal', async () => {
    const { provider: p } = provider({ [FEED_PATH]: feed(SHA('A')), [`${FEED_PATH}.sig`]: new Error('net::ERR_CONNECTION_RESET') })
    const err = await p.getLatestVersion().catch((e: unknown) => e)
    expect(classifyUpdateError(err).kind).toBe('unreachable')
  })

  it('counts a missing feed as an unreachable server', async () => {
    const { provider: p } = provider({})
    const err = await p.getLatestVersion().catch((e: unknown) => e)
    expect(classifyUpdateError(err).kind).toBe('unreachable')
  })
})
