import { mkdtemp, rm, stat, symlink, writeFile, mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { findOutputs } from '../../../src/main/core/library/output-urls'
import { LibraryPaths } from '../../../src/main/core/library/library-paths'
import { pathInside } from '../../../src/main/core/fs/inside-folder'
import { Library } from '../../../src/main/core/library/library'
import { setAtPath } from '../../../src/main/core/jobs/request-paths'
import { isSettledBefore } from '../../../src/main/core/jobs/job-record'
import { FileSecretStore } from '../../../src/main/core/settings/file-secret-store'
import { FileSettingsStore } from '../../../src/main/core/settings/file-settings-store'
import { readSettings } from '../../../src/main/core/settings/settings-values'

const temps: string[] = []
async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix))
  temps.push(dir)
  return dir
}
afterEach(async () => {
  await Promise.all(temps.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

describe('output discovery', () => {
  it('finds the profile shapes, the grid, and URLs in results of unexpected shape', () => {
    expect(findOutputs({ images: ['https://c/a.png', 'https://c/b.png'], gridUrl: 'https://c/g.png' }).map((o) => [o.index, o.role])).toEqual([[0, 'image'], [1, 'image'], [2, 'grid']])
    expect(findOutputs({ videos: ['https://c/v.webm'] })[0]!.role).toBe('video')
    expect(findOutputs({ tracks: ['https://c/t.wav'] })[0]!.role).toBe('track')
    const odd = findOutputs({ output: { files: [{ href: 'https://c/x.bin' }, 'not a url'], note: 'see http://c/y.png' }, also: 'ftp://c/z' })
    expect(odd.map((o) => o.url)).toEqual(['https://c/x.bin'])
    expect(findOutputs(null)).toEqual([])
  })
})

describe('library paths', () => {
  it('never resolves outside the library folder', () => {
    expect(pathInside('/data/library', 'files/abc/0.png')).toBe('/data/library/files/abc/0.png')
    for (const bad of ['../secrets/api-key', 'files/../../x', '/etc/passwd', '', 'files/\0x']) expect(pathInside('/data/library', bad)).toBeNull()
  })

  it('names files from the job id and index only', () => {
    const p = new LibraryPaths('/lib')
    expect(p.output('3f1c-uuid', 2, 'png')).toBe(join('files', '3f1c-uuid', '2.png'))
    expect(p.jobDir('../../evil')).not.toContain('..')
  })

  it('refuses a symlink that leads out of the library', async () => {
    const root = await tempDir('lib-')
    const outside = await tempDir('outside-')
    await writeFile(join(outside, 'secret.txt'), 'x')
    await mkdir(join(root, 'files'), { recursive: true })
    await symlink(join(outside, 'secret.txt'), join(root, 'files', 'link.png'))
    await writeFile(join(root, 'files', 'ok.png'), 'y')
    const lib = await Library.open(root)
    expect(await lib.resolveFile('files/link.png')).toBeNull()
    expect(await lib.resolveFile('files/ok.png')).toMatch(/ok\.png$/)
    await lib.close()
  })
})

describe('request paths', () => {
  it('sets values at the same dot paths the service reports', () => {
    const body: Record<string, unknown> = { model: 'i2-1', i2Params: { image_input: ['a', 'b'] } }
    setAtPath(body, 'i2Params.image_input.1', 'https://new')
    setAtPath(body, 'u1Params.image', 'https://img')
    expect(body).toEqual({ model: 'i2-1', i2Params: { image_input: ['a', 'https://new'] }, u1Params: { image: 'https://img' } })
  })

  it('writes a path naming the prototype as the body\'s own properties, never onto a prototype', () => {
    const body: Record<string, unknown> = { model: 'u1-1', u1Params: { image: 'a' } }
    setAtPath(body, '__proto__.query', 'https://evil')
    setAtPath(body, 'constructor.prototype.query', 'https://evil')
    setAtPath(body, 'u1Params.__proto__.polluted', true)
    setAtPath(body, 'u1Params.constructor.prototype.polluted', true)
    expect(({} as Record<string, unknown>).query).toBeUndefined()
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype)
    expect(Object.getPrototypeOf(body.u1Params)).toBe(Object.prototype)
    expect(Object.hasOwn(body, '__proto__')).toBe(true)
    expect(JSON.parse(JSON.stringify(body))).toEqual(JSON.parse('{"model": "u1-1", "u1Params": {"image": "a", "__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}, "__proto__": {"query": "https://evil"}, "constructor": {"prototype": {"query": "https://evil"}}}'))
  })
})

describe('settings and secrets under Node', () => {
  it('stores the key in a file only the user can read', async () => {
    const dir = await tempDir('sec-')
    const store = FileSecretStore.inDir(dir)
    expect(await store.getApiKey()).toBeNull()
    const origins = { service: 'https://api.example.com', legacy: 'https://legacy.example.com' }
    await store.setApiKey('mgk_secret_value_1234', origins)
    expect(await store.getApiKey()).toEqual({ apiKey: 'mgk_secret_value_1234', origins })
    const mode = (await stat(join(dir, 'secrets', 'api-key'))).mode & 0o777
    if (process.platform !== 'win32') expect(mode).toBe(0o600)
    await store.clearApiKey()
    expect(await store.getApiKey()).toBeNull()
  })

  it('keeps valid settings and defaults the invalid ones', () => {
    const s = readSettings({ baseUrl: 'https://api.example.com', cdnRetentionHours: -5, unknown: 1 })
    expect(s.baseUrl).toBe('https://api.example.com')
    expect(s.cdnRetentionHours).toBe(24)
  })

  it('applies a change at once and says where and why it could not be saved', async () => {
    const dir = await tempDir('settings-')
    await writeFile(join(dir, 'not-a-folder'), 'x')
    const store = new FileSettingsStore(join(dir, 'not-a-folder', 'settings.json'))
    const { settings, saved } = store.update({ baseUrl: 'https://api.example.com' })
    expect(settings.baseUrl).toBe('https://api.example.com')
    expect(store.get().baseUrl).toBe('https://api.example.com')
    await expect(saved).rejects.toThrow(/settings could not be saved to .*not-a-folder.settings\.json: .*(EEXIST|ENOTDIR)/)
  })

  it('ends with the newest of quick successive changes on disk', async () => {
    const dir = await tempDir('settings-')
    const path = join(dir, 'settings.json')
    const store = new FileSettingsStore(path)
    const first = store.update({ cdnRetentionHours: 6 })
    const second = store.update({ cdnRetentionHours: 12 })
    await Promise.all([first.saved, second.saved])
    expect(new FileSettingsStore(path).get().cdnRetentionHours).toBe(12)
  })
})

describe('journal pruning rule', () => {
  const base = {
    id: 'a', idempotencyKey: 'a', kind: 'image' as const, model: 'i1-1', request: {}, inputs: [], jobId: 'j', progress: 100, error: null,
    creditCost: 3, origin: 'app' as const, createdAt: '2020-01-01T00:00:00Z', updatedAt: '2020-01-02T00:00:00Z', completedAt: null,
    expired: false, sendAttempts: 1, dismissed: false
  }
  const cutoff = Date.parse('2021-01-01T00:00:00Z')
  it('drops only old jobs whose outcome is settled', () => {
    expect(isSettledBefore({ ...base, submission: 'accepted', status: 'COMPLETED', saved: 'saved' }, cutoff)).toBe(true)
    expect(isSettledBefore({ ...base, submission: 'accepted', status: 'FAILED', saved: 'none' }, cutoff)).toBe(true)
    expect(isSettledBefore({ ...base, submission: 'rejected', status: null, saved: 'none' }, cutoff)).toBe(true)
    // Never an unsent submission, an unfinished job, or outputs still being saved.
    expect(isSettledBefore({ ...base, submission: 'journaled', status: null, saved: 'none' }, cutoff)).toBe(false)
    expect(isSettledBefore({ ...base, submission: 'accepted', status: 'PROCESSING', saved: 'none' }, cutoff)).toBe(false)
    expect(isSettledBefore({ ...base, submission: 'accepted', status: 'COMPLETED', saved: 'saving' }, cutoff)).toBe(false)
    expect(isSettledBefore({ ...base, submission: 'accepted', status: 'COMPLETED', saved: 'saved', updatedAt: '2022-01-01T00:00:00Z' }, cutoff)).toBe(false)
  })
})
