// Where this copy of the app looks for updates, and with which key it checks them.
//   A packaged app: the feed electron-builder wrote into resources/app-update.yml from
//   `publish` in electron-builder.yml, and the public key built into the app. The
//   environment cannot change either.
//   An unpackaged app (development, the tests): only when MEDIAGEN_UPDATE_FEED names a
//   feed; MEDIAGEN_UPDATE_PUBLIC_KEY may name a PEM file holding the key to check it with.
// Kept free of Electron so it can be tested under plain Node.
import { load } from 'js-yaml'
import { isSecureServiceUrl } from '../../shared/app/service-url'

export const FEED_ENV = 'MEDIAGEN_UPDATE_FEED'
export const PUBLIC_KEY_ENV = 'MEDIAGEN_UPDATE_PUBLIC_KEY'

export interface FeedConfig {
  /** The folder the feed and the installers are published in. */
  url: string
  publicKeyPem: string
}

export type FeedChoice = { on: true; feed: FeedConfig } | { on: false; reason: string }

export interface FeedChoiceInput {
  isPackaged: boolean
  env: Readonly<Record<string, string | undefined>>
  /** The text of the packaged app's app-update.yml; null when it has none. */
  packagedConfig(): string | null
  /** Reads a file named by the environment. */
  readText(path: string): string
  /** The public key built into the app. */
  bundledKeyPem: string
}

const REASONS = {
  devWithoutFeed: `Not packaged, and ${FEED_ENV} names no feed`,
  noConfig: 'The app has no app-update.yml: it was built without a `publish` feed',
  badConfig: 'app-update.yml names no generic feed URL',
  insecure: (url: string) => `The update feed must be https:// (or http:// on this computer): ${url}`
}

function feedUrlOf(configText: string): string | null {
  try {
    const config = load(configText) as { provider?: unknown; url?: unknown } | null
    return config?.provider === 'generic' && typeof config.url === 'string' ? config.url : null
  } catch {
    return null
  }
}

export function chooseUpdateFeed(input: FeedChoiceInput): FeedChoice {
  let url: string
  let publicKeyPem = input.bundledKeyPem
  if (input.isPackaged) {
    const text = input.packagedConfig()
    if (text === null) return { on: false, reason: REASONS.noConfig }
    const configured = feedUrlOf(text)
    if (!configured) return { on: false, reason: REASONS.badConfig }
    url = configured
  } else {
    const named = input.env[FEED_ENV]
    if (!named) return { on: false, reason: REASONS.devWithoutFeed }
    url = named
    const keyFile = input.env[PUBLIC_KEY_ENV]
    if (keyFile) publicKeyPem = input.readText(keyFile)
  }
  // The signature makes the feed trustworthy whatever the transport; TLS keeps what is
  // being updated from onlookers, as for the service's own address.
  if (!isSecureServiceUrl(url)) return { on: false, reason: REASONS.insecure(url) }
  return { on: true, feed: { url, publicKeyPem } }
}
