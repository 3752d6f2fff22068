// One settings file for every shell: what the Node host or the command line saves opens
// in the desktop app and the other way round, a file written by an earlier version of
// either opens with nothing lost, and a file that cannot be read is kept aside and named.
// The desktop app's store runs here against a stand-in Electron that knows only the
// user-data folder: any other use of Electron fails the test.
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FileSettingsStore } from '../../../src/main/core/settings/file-settings-store'
import { SCHEMA_VERSION } from '../../../src/main/core/settings/settings-migrations'
import { settingsDamageMessage } from '../../../src/main/core/settings/settings-damage'
import { electronSettingsStore } from '../../../src/main/electron/settings-store'
import { DEFAULT_SETTINGS } from '../../../src/shared/app/settings'
import { renderNotice } from '../../../src/main/core/i18n/notice-text'

const electron = vi.hoisted(() => ({ userData: '' }))
vi.mock('electron', () => ({
  app: new Proxy({
    getPath: (name: string) => {
      if (name !== 'userData') throw new Error(`electron stub: app.getPath('${name}')`)
      return electron.userData
    }
  }, {
    get(target, key) {
      if (key in target) return Reflect.get(target, key) as unknown
      throw new Error(`electron stub: app.${String(key)} is not defined`)
    }
  })
}))

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'settings-file-'))
  electron.userData = dir
})
afterEach(() => rm(dir, { recursive: true, force: true }))

const hostStore = () => new FileSettingsStore(join(dir, 'settings.json'))
const readStored = async () => JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8')) as unknown

describe('the settings file shared by every shell', () => {
  it('opens in the desktop app as the Node host saved it', async () => {
    await hostStore().update({ baseUrl: 'https://api.example.com', theme: 'light', webhookPort: 8790 }).saved
    expect(await readStored()).toEqual({ schemaVersion: SCHEMA_VERSION, settings: expect.objectContaining({ baseUrl: 'https://api.example.com', theme: 'light' }) })
    const desktop = electronSettingsStore()
    expect(desktop.get()).toMatchObject({ baseUrl: 'https://api.example.com', theme: 'light', webhookPort: 8790 })
    expect(desktop.damage()).toBeNull()
  })

  it('opens in the Node host as the desktop app saved it', async () => {
    await electronSettingsStore().update({ legacyBaseUrl: 'https://legacy.example.com', notifications: false, cdnRetentionHours: 6 }).saved
    const host = hostStore()
    expect(host.get()).toMatchObject({ legacyBaseUrl: 'https://legacy.example.com', notifications: false, cdnRetentionHours: 6 })
    expect(host.damage()).toBeNull()
  })

  it('opens a file written by an earlier desktop app (electron-store, schema version 1)', async () => {
    await writeFile(join(dir, 'settings.json'), '{\n\t"schemaVersion": 1,\n\t"settings": {\n\t\t"baseUrl": "https://api.example.com",\n\t\t"theme": "system",\n\t\t"maxConcurrentDownloads": 2\n\t}\n}')
    expect(hostStore().get()).toMatchObject({ baseUrl: 'https://api.example.com', theme: 'system', maxConcurrentDownloads: 2 })
  })

  it('opens the bare settings an earlier Node host or command line wrote, losing nothing, and saves them in the shared format', async () => {
    const old = {
      baseUrl: 'https://api.example.com', legacyBaseUrl: 'https://legacy.example.com', publicWebhookUrl: 'https://hooks.example.com/in',
      webhookPort: 8790, cdnRetentionHours: 12, maxConcurrentDownloads: 3, notifications: false, theme: 'light', libraryDir: '/srv/library'
    }
    await writeFile(join(dir, 'settings.json'), JSON.stringify(old, null, 2))
    const store = electronSettingsStore()
    // Settings added since (automatic update checks, for one) take their defaults.
    const opened = { ...DEFAULT_SETTINGS, ...old }
    expect(store.get()).toEqual(opened)
    expect(store.damage()).toBeNull()
    // Reading alone leaves the file as it was; the next save writes the shared format.
    expect(await readStored()).toEqual(old)
    await store.update({ theme: 'dark' }).saved
    expect(await readStored()).toEqual({ schemaVersion: SCHEMA_VERSION, settings: { ...opened, theme: 'dark' } })
    expect(hostStore().get()).toEqual({ ...opened, theme: 'dark' })
    expect(await readdir(dir)).toEqual(['settings.json'])
  })

  // POSIX modes only: Windows has none.
  it.skipIf(process.platform === 'win32')('is readable by its owner alone, whichever shell wrote it', async () => {
    await hostStore().update({ theme: 'light' }).saved
    expect((await stat(join(dir, 'settings.json'))).mode & 0o777).toBe(0o600)
    await rm(join(dir, 'settings.json'))
    await electronSettingsStore().update({ theme: 'dark' }).saved
    expect((await stat(join(dir, 'settings.json'))).mode & 0o777).toBe(0o600)
  })

  it('keeps a file that is not settings aside, names it in the notice, and starts on the defaults', async () => {
    await writeFile(join(dir, 'settings.json'), '\u0000\u0000 not json')
    const store = electronSettingsStore()
    const damage = store.damage()
    expect(damage).toEqual({ file: join(dir, 'settings.json'), keptAs: join(dir, 'settings.json.damaged'), fields: [] })
    expect(renderNotice(settingsDamageMessage(damage!))).toContain('settings.json could not be read; it is kept as settings.json.damaged')
    expect(await readFile(join(dir, 'settings.json.damaged'), 'utf8')).toBe('\u0000\u0000 not json')
    expect(store.get().baseUrl).toBe('')
    await store.update({ theme: 'light' }).saved
    expect(hostStore().get().theme).toBe('light')
    expect(await readFile(join(dir, 'settings.json.damaged'), 'utf8')).toBe('\u0000\u0000 not json')
  })

  it('keeps a copy of a shared-format file with an unreadable value, and every readable value in use', async () => {
    const text = JSON.stringify({ schemaVersion: SCHEMA_VERSION, settings: { baseUrl: 'ftp://nope', theme: 'light' } })
    await writeFile(join(dir, 'settings.json'), text)
    const store = hostStore()
    expect(store.get()).toMatchObject({ baseUrl: '', theme: 'light' })
    expect(store.damage()).toEqual({ file: join(dir, 'settings.json'), keptAs: join(dir, 'settings.json.damaged'), fields: ['baseUrl'] })
    expect(await readFile(join(dir, 'settings.json.damaged'), 'utf8')).toBe(text)
  })
})
