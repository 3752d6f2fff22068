// A damaged settings file never switches a stored account to demo mode: the file is kept
// aside, the user is told once, and the app asks for the base URL on the live library.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { FileSecretStore } from '../../../src/main/core/settings/file-secret-store'
import { FileSettingsStore } from '../../../src/main/core/settings/file-settings-store'
import { damage } from '../support/damaged-library'
import { startTestController, type TestApp } from '../support/test-controller'

let dir: string
let app: TestApp | undefined
afterEach(async () => {
  await app?.controller.close()
  app = undefined
  await rm(dir, { recursive: true, force: true, maxRetries: 10 })
})

describe('damaged settings', () => {
  it('keeps the stored key on the live library, keeps the file aside and asks for the base URL', async () => {
    dir = await mkdtemp(join(tmpdir(), 'settings-damage-'))
    await FileSecretStore.inDir(dir).setApiKey('mgk_live_key_5678', { service: 'https://api.example.com', legacy: 'https://api.example.com' })
    await damage.junkSettings(join(dir, 'settings.json'))
    app = await startTestController(dir)
    const info = app.controller.info()
    expect(info).toMatchObject({ mode: 'live', keySet: true, keyLast4: '5678', libraryDir: join(dir, 'live', 'library') })
    expect(info.connection).toEqual({ state: 'failing', message: expect.stringContaining('enter it in Settings') })
    expect(await readFile(join(dir, 'settings.json.damaged'), 'utf8')).toBe('{"baseUrl": "https://api.exa')
    const notices = app.events.filter((e) => e.name === 'notice' && e.payload.message.includes('settings.json'))
    expect(notices).toEqual([{ name: 'notice', payload: { level: 'warning', message: expect.stringContaining('kept as settings.json.damaged'), key: 'main:settings.damaged', values: { file: 'settings.json', keptAs: 'settings.json.damaged' } } }])
    // A later save writes a new file and leaves the damaged copy as it was.
    await app.controller.dispatch('settings.update', { theme: 'light' })
    expect(await readFile(join(dir, 'settings.json.damaged'), 'utf8')).toBe('{"baseUrl": "https://api.exa')
  })

  it('keeps a copy of a file with an unreadable value, and every readable value in use', async () => {
    dir = await mkdtemp(join(tmpdir(), 'settings-damage-'))
    const file = join(dir, 'settings.json')
    const text = JSON.stringify({ baseUrl: 'ftp://nope', theme: 'light' })
    await writeFile(file, text)
    const store = new FileSettingsStore(file)
    expect(store.get()).toMatchObject({ baseUrl: '', theme: 'light' })
    expect(store.damage()).toEqual({ file, keptAs: `${file}.damaged`, fields: ['baseUrl'] })
    expect(await readFile(`${file}.damaged`, 'utf8')).toBe(text)
  })

  it('says nothing about a missing or whole settings file', async () => {
    dir = await mkdtemp(join(tmpdir(), 'settings-damage-'))
    expect(new FileSettingsStore(join(dir, 'settings.json')).damage()).toBeNull()
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ theme: 'dark' }))
    expect(new FileSettingsStore(join(dir, 'settings.json')).damage()).toBeNull()
  })
})
