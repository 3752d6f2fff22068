// The command line applies the app's rules to what it is given: the service's addresses
// must use https unless they are this computer's own, the key must be a clean header
// value (from --api-key or MEDIAGEN_API_KEY alike), each refusal names where the bad
// value came from and leaves the remembered settings as they were, and the legacy
// endpoint defaults to the same address as in the app.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { UsageError } from '../../../src/main/cli/args'
import { Readable } from 'node:stream'
import { apiKeyFrom } from '../../../src/main/cli/api-key-source'
import { engineFromArgs } from '../../../src/main/cli/engine-from-args'
import { FileSettingsStore } from '../../../src/main/core/settings/file-settings-store'
import { legacyBaseUrlOf } from '../../../src/shared/app/service-url'

const KEY = 'mgk_0123456789abcdef0123456789abcdef'
let dir: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-args-'))
  vi.stubEnv('MEDIAGEN_API_KEY', undefined)
})
afterEach(async () => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
  await rm(dir, { recursive: true, force: true })
})

const settingsFile = () => join(dir, 'cli-settings.json')

/** Waits until the data folder remembers this base URL (it is saved in the background). */
async function remembered(baseUrl: string): Promise<void> {
  await vi.waitFor(async () => expect((JSON.parse(await readFile(settingsFile(), 'utf8')) as { settings: { baseUrl: string } }).settings.baseUrl).toBe(baseUrl))
}

/** The engine as the command line builds it: the key first, from wherever it was given. */
async function cliEngine(options: Record<string, string>) {
  return engineFromArgs(options, await apiKeyFrom(options, process.env, Readable.from([])))
}

async function refusal(options: Record<string, string>): Promise<string> {
  try {
    await cliEngine({ 'data-dir': dir, ...options })
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError)
    return (err as Error).message
  }
  throw new Error('accepted')
}

describe('command-line addresses and key', () => {
  it('refuses plain http to another computer, naming the flag, and keeps the remembered address', async () => {
    const saved = JSON.stringify({ baseUrl: 'https://api.example.com' })
    await writeFile(settingsFile(), saved)
    expect(await refusal({ 'base-url': 'http://api.example.com', 'api-key': KEY })).toMatch(/^--base-url: Must use https:\/\//)
    expect(await refusal({ 'legacy-base-url': 'http://legacy.example.com', 'api-key': KEY })).toMatch(/^--legacy-base-url: Must use https:\/\//)
    expect(await refusal({ 'base-url': 'ftp://api.example.com', 'api-key': KEY })).toMatch(/^--base-url: must be an http\(s\) URL/)
    expect(await readFile(settingsFile(), 'utf8')).toBe(saved)
    expect((await cliEngine({ 'data-dir': dir, 'api-key': KEY })).opts.baseUrl).toBe('https://api.example.com')
  })

  it('takes https, or http to this computer, and puts the legacy endpoint where the app does', async () => {
    for (const baseUrl of ['https://api.example.com', 'http://127.0.0.1:8787', 'http://localhost:8787', 'http://[::1]:8787']) {
      const engine = await cliEngine({ 'data-dir': dir, 'base-url': baseUrl, 'api-key': KEY })
      expect(engine.opts.baseUrl).toBe(baseUrl)
      expect(engine.opts.legacyBaseUrl).toBe(`${baseUrl}/legacy`)
      expect(engine.opts.legacyBaseUrl).toBe(legacyBaseUrlOf({ baseUrl, legacyBaseUrl: '' }))
      // Each run saves in the background; the next one starts once it is on disk, as a shell's would.
      await remembered(baseUrl)
    }
  })

  it('refuses a key with a line break or another control character, naming where it came from', async () => {
    const base = { 'base-url': 'https://api.example.com' }
    expect(await refusal({ ...base, 'api-key': 'mgk_abc\r\nX-Injected: 1' })).toMatch(/^--api-key: The API key contains a line break or another control character/)
    expect(await refusal({ ...base, 'api-key': 'mgk_abc\u0000defgh' })).toMatch(/^--api-key: The API key contains a line break/)
    expect(await refusal({ ...base, 'api-key': 'mgk_abc\u007fdefgh' })).toMatch(/^--api-key: The API key contains a line break/)
    expect(await refusal({ ...base, 'api-key': 'mgk_abcdéfgh' })).toBe('--api-key: The API key may contain only visible ASCII characters, without spaces')
    vi.stubEnv('MEDIAGEN_API_KEY', 'mgk_abc\ndefgh')
    expect(await refusal(base)).toMatch(/^MEDIAGEN_API_KEY: The API key contains a line break/)
  })

  it('remembers nothing from a refused command, not even its valid base URL', async () => {
    const update = vi.spyOn(FileSettingsStore.prototype, 'update')
    expect(await refusal({ 'base-url': 'https://api.example.com', 'api-key': 'mgk_abc\r\ndefgh' })).toMatch(/^--api-key: /)
    expect(await refusal({ 'base-url': 'https://api.example.com', 'legacy-base-url': 'http://legacy.example.com', 'api-key': KEY })).toMatch(/^--legacy-base-url: /)
    expect(update).not.toHaveBeenCalled()
  })

  it('takes a clean key from the environment, without the line end a pasted key may bring', async () => {
    vi.stubEnv('MEDIAGEN_API_KEY', `${KEY}\n`)
    expect((await cliEngine({ 'data-dir': dir, 'base-url': 'https://api.example.com' })).opts.apiKey()).toBe(KEY)
    await remembered('https://api.example.com')
  })
})
