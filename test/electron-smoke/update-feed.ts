// A local update feed for the tests: a release key, the feed written as electron-builder
// writes latest-linux.yml and signed as scripts/sign-update-feed.mjs signs it, a stand-in
// AppImage, and a static server on port 0. Free of any test runner, so the smoke tests
// (vitest) and the Electron tests (Playwright) share it.
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** The feed's name on this machine, as electron-updater asks for it on Linux. */
export const FEED_NAME = process.arch === 'x64' ? 'latest-linux.yml' : `latest-linux-${process.arch}.yml`

export function releaseKeys(): { privateKey: KeyObject; publicPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  return { privateKey, publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() }
}

/**
 * A new "AppImage": a shell script that notes how it was run (by the silent install on quit,
 * or started as the app) and how many of the app's folders were still held by an engine.
 */
export function appImage(version: string): Buffer {
  return Buffer.from(
    `#!/bin/sh\n# MediaGen Studio ${version}, standing in for its AppImage\n` +
      'held=$(find "$MEDIAGEN_USER_DATA" -name owner.lock 2>/dev/null | wc -l | tr -d " ")\n' +
      'echo "installed with APPIMAGE_EXIT_AFTER_INSTALL=$APPIMAGE_EXIT_AFTER_INSTALL; folders held: $held" > "$0.ran"\n'
  )
}

export const sha512 = (bytes: Buffer) => createHash('sha512').update(bytes).digest('base64')

/** latest-linux.yml as electron-builder writes it, for one file whose SHA-512 is `digest`. */
export function feedText(version: string, file: string, digest: string, size: number, notes: string): string {
  const indented = notes.split('\n').map((line) => `  ${line}`).join('\n')
  return [
    `version: ${version}`,
    'files:',
    `  - url: ${file}`,
    `    sha512: ${digest}`,
    `    size: ${size}`,
    `path: ${file}`,
    `sha512: ${digest}`,
    `releaseDate: '2030-01-02T03:04:05.000Z'`,
    'releaseNotes: |-',
    indented,
    ''
  ].join('\n')
}

export const signFeed = (text: string, key: KeyObject) => `${sign(null, Buffer.from(text), key).toString('base64')}\n`

/** A static server for the feed's folder; what it serves can be changed between checks. */
export class FeedServer {
  readonly files = new Map<string, Buffer>()
  readonly requested: string[] = []
  private server: Server | null = null
  url = ''

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://feed').pathname
      this.requested.push(path)
      const body = this.files.get(path.slice(1))
      if (!body) return void res.writeHead(404).end('not found')
      res.writeHead(200, { 'content-length': body.length }).end(body)
    })
    await new Promise<void>((done) => this.server!.listen(0, '127.0.0.1', done))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/`
    return this
  }

  close(): Promise<void> {
    return new Promise((done) => (this.server ? this.server.close(() => done()) : done()))
  }
}
