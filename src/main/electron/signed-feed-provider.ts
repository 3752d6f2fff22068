// electron-updater's generic feed with the publisher's signature checked first. The
// updater asks its provider for the latest version; this one fetches `latest*.yml` and its
// `.sig`, verifies the signature over the feed's exact bytes, and only then parses it.
// So the version, file names and SHA-512s the updater acts on are the signed ones, and the
// updater's own check of each download against its SHA-512 completes the chain. It is
// plugged in as electron-updater's documented `custom` provider.
import type { KeyObject } from 'node:crypto'
import { Provider, type AppUpdater, type ResolvedUpdateFileInfo, type UpdateInfo } from 'electron-updater'
import type { ProviderRuntimeOptions } from 'electron-updater/out/providers/Provider'
import { FeedFormatError, parseFeed } from './update-feed'
import { checkFeedSignature, FeedSignatureError } from './update-signature'

export interface SignedFeedOptions {
  provider: 'custom'
  updateProvider: typeof SignedFeedProvider
  /** The folder the feed and the installers are published in. */
  url: string
  publicKey: KeyObject
}

/** The folder URL with a trailing slash, so names resolve inside it rather than beside it. */
function folderUrl(url: string): URL {
  const base = new URL(url)
  if (!base.pathname.endsWith('/')) base.pathname += '/'
  return base
}

function isNotFound(err: unknown): boolean {
  return (err as { statusCode?: unknown } | null)?.statusCode === 404
}

export class SignedFeedProvider extends Provider<UpdateInfo> {
  private readonly base: URL
  private readonly key: KeyObject

  constructor(options: SignedFeedOptions, _updater: AppUpdater, runtimeOptions: ProviderRuntimeOptions) {
    super(runtimeOptions)
    this.base = folderUrl(options.url)
    this.key = options.publicKey
  }

  /** A file of the feed's folder; caches are bypassed, so a check sees what is published now. */
  private fresh(name: string): URL {
    const url = new URL(name, this.base)
    url.search = this.base.search || `noCache=${Date.now().toString(32)}`
    return url
  }

  async getLatestVersion(): Promise<UpdateInfo> {
    const name = `${this.getDefaultChannelName()}.yml`
    const feed = await this.httpRequest(this.fresh(name))
    if (feed == null) throw new FeedFormatError('The update feed is empty')
    let signature: string | null = null
    try {
      signature = await this.httpRequest(this.fresh(`${name}.sig`))
    } catch (err) {
      // No signature published is a refusal like a wrong one; a server that cannot be reached is not.
      if (!isNotFound(err)) throw err
    }
    const verdict = checkFeedSignature(feed, signature, this.key)
    if (!verdict.ok) throw new FeedSignatureError(verdict.problem)
    return parseFeed(feed)
  }

  resolveFiles(info: UpdateInfo): ResolvedUpdateFileInfo[] {
    return info.files.map((file) => ({ url: new URL(file.url, this.base), info: file }))
  }
}
