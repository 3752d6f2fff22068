// What the update smoke tests share: a release key, a local update feed (served on port 0,
// written as electron-builder writes latest-linux.yml, signed as scripts/sign-update-feed.mjs
// signs it), a stand-in AppImage, and the built app started under the Electron stub with its
// updater pointed at the feed.
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { expect, vi } from 'vitest'
import type { UpdateStatus } from '../../src/shared/app/updates'
import type { AppApi } from '../../src/shared/contract'
import { createElectronStub, installElectronStub, type ElectronStub } from './electron-stub'
import { runPreload } from './preload-vm'

const OUT = resolve(__dirname, '../../out')
const loadNative = createRequire(import.meta.url)

/** The feed's name on this machine, as electron-updater asks for it on Linux. */
export const FEED_NAME = process.arch === 'x64' ? 'latest-linux.yml' : `latest-linux-${process.arch}.yml`

export function releaseKeys(): { privateKey: KeyObject; publicPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  return { privateKey, publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() }
}

/** A new "AppImage": a shell script that notes how it was run, as the installer runs it. */
export function appImage(version: string): Buffer {
  return Buffer.from(`#!/bin/sh\n# MediaGen Studio ${version}, standing in for its AppImage\necho "installed with APPIMAGE_EXIT_AFTER_INSTALL=$APPIMAGE_EXIT_AFTER_INSTALL" > "$0.ran"\n`)
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

export interface SmokeApp {
  dir: string
  stub: ElectronStub
  api: AppApi
  /** The AppImage the app was "started from" (APPIMAGE). */
  appImagePath: string
  /** Tells main the page listens for events (as the preload does when the page subscribes). */
  listen(): void
  /** Everything main sent the page under `name`. */
  sent(name: string): unknown[]
  status(): Promise<UpdateStatus>
  waitForState(state: UpdateStatus['state']): Promise<UpdateStatus>
}

/** Starts the built app as version `version` from a stand-in AppImage, its updater pointed at `feedUrl`. */
export async function startSmokeApp(opts: { version: string; feedUrl: string; publicPem: string; settings?: Record<string, unknown> }): Promise<SmokeApp> {
  const main = join(OUT, 'main/index.js')
  if (!existsSync(main)) throw new Error(`${main} is missing: build the app first (npx electron-vite build)`)
  const dir = await mkdtemp(join(tmpdir(), 'electron-updates-'))
  const appImagePath = join(dir, 'apps', 'MediaGen-Studio.AppImage')
  await mkdir(join(dir, 'apps'))
  await writeFile(appImagePath, appImage(opts.version), { mode: 0o755 })
  await writeFile(join(dir, 'release-key.pem'), opts.publicPem)
  if (opts.settings) {
    await mkdir(join(dir, 'user-data'))
    await writeFile(join(dir, 'user-data', 'settings.json'), JSON.stringify({ schemaVersion: 1, settings: opts.settings }))
  }
  // Electron's own addition to `process`: where the app's resources are (nothing is there).
  Object.defineProperty(process, 'resourcesPath', { value: join(dir, 'resources'), configurable: true })
  Object.assign(process.env, {
    MEDIAGEN_USER_DATA: join(dir, 'user-data'),
    MEDIAGEN_DEMO_SPEED: '40',
    MEDIAGEN_UPDATE_FEED: opts.feedUrl,
    MEDIAGEN_UPDATE_PUBLIC_KEY: join(dir, 'release-key.pem'),
    // What the AppImage runtime sets, and where Linux keeps caches (electron-updater's download folder).
    APPIMAGE: appImagePath,
    XDG_CACHE_HOME: join(dir, 'cache')
  })
  const stub = createElectronStub({ userData: join(dir, 'unused-default'), version: opts.version })
  installElectronStub(stub)
  loadNative(main)
  stub.emitReady()
  await vi.waitFor(() => expect(stub.record.ipcHandlers.has('app:invoke') && stub.record.windows.length === 1).toBe(true))
  const win = stub.window()
  const frame = win.webContents.mainFrame
  const preload = runPreload(
    await readFile(join(OUT, 'preload/index.cjs'), 'utf8'),
    (_channel, route, input) => stub.invoke(frame, win.webContents, route, input),
    (channel, ...args) => stub.send(frame, win.webContents, channel, ...args)
  )
  const api = preload['api'] as AppApi
  // Answered once the engine runs, by which time main forwards events and the schedule has started.
  expect(await api.invoke('app.info', {})).toMatchObject({ ok: true })
  const status = async () => {
    const r = await api.invoke('updates.status', {})
    if (!r.ok) throw new Error(r.error.message)
    return r.data
  }
  return {
    dir, stub, api, appImagePath, status,
    listen: () => void api.on('notice', () => undefined),
    sent: (name) => win.webContents.sent.filter(([channel, event]) => channel === 'app:event' && event === name).map(([, , payload]) => payload),
    waitForState: (state) =>
      vi.waitFor(async () => {
        const now = await status()
        expect(now.state).toBe(state)
        return now
      }, { timeout: 20_000, interval: 25 })
  }
}
