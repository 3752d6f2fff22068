// The command line applies the app's rules to what it is given: the service's addresses
// must use https unless they are this computer's own, the key must be a clean header
// value (from --api-key or MEDIAGEN_API_KEY alike), each refusal names where the bad
// value came from and leaves the remembered settings as they were, and the legacy
// endpoint defaults to the same address as in the app.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { UsageError } from '../../../src/main/cli/args'
import { engineFromArgs } from '../../../src/main/cli/engine-from-args'
import { legacyBaseUrlOf } from '../../../src/shared/app/service-url'

const KEY = 'mgk_0123456789abcdef0123456789abcdef'
let dir: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-args-'))
  vi.stubEnv('MEDIAGEN_API_KEY', undefined)
})
afterEach(async () => {
  vi.unstubAllEnvs()
  await rm(dir, { recursive: true, force: true })
})

function refusal(options: Record<string, string>): string {
  try {
    engineFromArgs({ 'data-dir': dir, ...options })
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError)
    return (err as Error).message
  }
  throw new Error('accepted')
}

describe('command-line addresses and key', () => {
  it('refuses plain http to another computer, naming the flag, and keeps the remembered address', async () => {
    await writeFile(join(dir, 'cli-settings.json'), JSON.stringify({ baseUrl: 'https://api.example.com' }))
    expect(refusal({ 'base-url': 'http://api.example.com', 'api-key': KEY })).toMatch(/^--base-url: Must use https:\/\//)
    expect(refusal({ 'legacy-base-url': 'http://legacy.example.com', 'api-key': KEY })).toMatch(/^--legacy-base-url: Must use https:\/\//)
    expect(refusal({ 'base-url': 'ftp://api.example.com', 'api-key': KEY })).toBe('--base-url: Must be an http(s) URL')
    expect(engineFromArgs({ 'data-dir': dir, 'api-key': KEY }).opts.baseUrl).toBe('https://api.example.com')
  })

  it('takes https, or http to this computer, and puts the legacy endpoint where the app does', () => {
    for (const baseUrl of ['https://api.example.com', 'http://127.0.0.1:8787', 'http://localhost:8787', 'http://[::1]:8787']) {
      const engine = engineFromArgs({ 'data-dir': dir, 'base-url': baseUrl, 'api-key': KEY })
      expect(engine.opts.baseUrl).toBe(baseUrl)
      expect(engine.opts.legacyBaseUrl).toBe(`${baseUrl}/legacy`)
      expect(engine.opts.legacyBaseUrl).toBe(legacyBaseUrlOf({ baseUrl, legacyBaseUrl: '' }))
    }
  })

  it('refuses a key with a line break or another control character, naming where it came from', () => {
    const base = { 'base-url': 'https://api.example.com' }
    expect(refusal({ ...base, 'api-key': 'mgk_abc\r\nX-Injected: 1' })).toMatch(/^--api-key: The API key contains a line break or another control character/)
    expect(refusal({ ...base, 'api-key': 'mgk_abc\u0000defgh' })).toMatch(/^--api-key: The API key contains a line break/)
    expect(refusal({ ...base, 'api-key': 'mgk_abc\u007fdefgh' })).toMatch(/^--api-key: The API key contains a line break/)
    expect(refusal({ ...base, 'api-key': 'mgk_abcdéfgh' })).toBe('--api-key: The API key may contain only visible ASCII characters, without spaces')
    vi.stubEnv('MEDIAGEN_API_KEY', 'mgk_abc\ndefgh')
    expect(refusal(base)).toMatch(/^MEDIAGEN_API_KEY: The API key contains a line break/)
  })

  it('takes a clean key from the environment, without the line end a pasted key may bring', () => {
    vi.stubEnv('MEDIAGEN_API_KEY', `${KEY}\n`)
    expect(engineFromArgs({ 'data-dir': dir, 'base-url': 'https://api.example.com' }).opts.apiKey()).toBe(KEY)
  })
})
