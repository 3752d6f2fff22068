// The key on disk carries the origins it was given for. A key saved by an earlier version,
// before keys were bound, is bound to the addresses configured at the first start; a
// record cut short is unreadable and never sent.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { KeyKeeper } from '../../../src/main/core/app/key-keeper'
import { decodeStoredKey, UnreadableKeyError } from '../../../src/main/core/settings/bound-key'
import { FileSecretStore } from '../../../src/main/core/settings/file-secret-store'
import { readSettings } from '../../../src/main/core/settings/settings-values'

const KEY = 'mgk_0123456789abcdef0123456789abcdef'
const API = { baseUrl: 'https://api.example.com/v2', legacyBaseUrl: '' }
const BOUND = { service: 'https://api.example.com', legacy: 'https://api.example.com' }
let dir: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stored-key-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function writeSecretFile(text: string): Promise<void> {
  await mkdir(join(dir, 'secrets'), { recursive: true })
  await writeFile(join(dir, 'secrets', 'api-key'), text, { mode: 0o600 })
}

describe('the stored key', () => {
  it('reads a record, a bare key from an earlier version, and nothing from a record cut short', () => {
    expect(decodeStoredKey(JSON.stringify({ apiKey: KEY, origins: BOUND }))).toEqual({ apiKey: KEY, origins: BOUND })
    expect(decodeStoredKey(`${KEY}\n`)).toEqual({ apiKey: KEY, origins: null })
    expect(() => decodeStoredKey(`{"apiKey":"${KEY}","orig`)).toThrow(UnreadableKeyError)
    expect(() => decodeStoredKey(JSON.stringify({ apiKey: KEY }))).toThrow(UnreadableKeyError)
    expect(decodeStoredKey('  \n')).toBeNull()
  })

  it('binds a bare key from an earlier version to the addresses configured at the first start, and keeps it to them', async () => {
    await writeSecretFile(`${KEY}\n`)
    const secrets = FileSecretStore.inDir(dir)
    const keeper = await KeyKeeper.load(secrets, API)
    expect(keeper.keyFor(API)).toBe(KEY)
    expect(await secrets.getApiKey()).toEqual({ apiKey: KEY, origins: BOUND })
    expect(keeper.keyFor({ baseUrl: 'https://elsewhere.example.com', legacyBaseUrl: '' })).toBeNull()
    expect(keeper.keyFor({ ...API, legacyBaseUrl: 'https://legacy.example.com' })).toBeNull()
    // Another path on the same origin is the same service.
    expect(keeper.keyFor({ baseUrl: 'https://api.example.com', legacyBaseUrl: 'https://api.example.com/old-legacy' })).toBe(KEY)
  })

  it('never sends a bare key while no address was configured (an insecure one was dropped), and asks for it again', async () => {
    await writeSecretFile(KEY)
    const keeper = await KeyKeeper.load(FileSecretStore.inDir(dir), readSettings({ baseUrl: 'http://api.example.com' }))
    expect(keeper.neededMessage({ baseUrl: '', legacyBaseUrl: '' })).toMatch(/^The saved API key is not used until the service URL is set again \(https:\/\//)
    expect(keeper.keyFor(API)).toBeNull()
    expect(keeper.neededMessage(API)).toBe('Enter the API key again for https://api.example.com')
  })

  it('starts without a key when the record was cut short, and says the key must be entered again', async () => {
    await writeSecretFile(`{"apiKey":"${KEY}"`)
    const keeper = await KeyKeeper.load(FileSecretStore.inDir(dir), API)
    expect(keeper.keyFor(API)).toBeNull()
    expect(keeper.neededMessage(API)).toMatch(/^The saved API key could not be read .*; enter the key again$/)
  })

  it('forgets the key, in the store too, when the addresses move to another origin', async () => {
    const secrets = FileSecretStore.inDir(dir)
    const keeper = await KeyKeeper.load(secrets, API)
    await keeper.set(KEY, BOUND)
    const moved = { ...API, legacyBaseUrl: 'https://legacy.example.com' }
    const forgetting = keeper.forgetIfMoved(API, moved)
    // Gone from memory before the store is even asked.
    expect(keeper.keyFor(API)).toBeNull()
    expect(await forgetting).toBe('The legacy URL now points to https://legacy.example.com, so the API key given for https://api.example.com was forgotten. Enter the key for the new address')
    expect(await secrets.getApiKey()).toBeNull()
    expect(keeper.neededMessage(moved)).toBe(await forgetting)
  })
})
