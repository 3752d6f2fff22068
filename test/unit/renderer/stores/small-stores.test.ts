// The smaller stores: navigation, the app store (settings, account, app info), catalog,
// uploads, LoRAs and the legacy video draft.
import { beforeEach, describe, expect, it } from 'vitest'
import { useApp } from '../../../../src/renderer/stores/app'
import { useCatalog } from '../../../../src/renderer/stores/catalog'
import { useLegacyDraft } from '../../../../src/renderer/stores/legacy-draft'
import { hasTrainingLoras, useLoras } from '../../../../src/renderer/stores/loras'
import { useNavigation } from '../../../../src/renderer/stores/navigation'
import { useUploads } from '../../../../src/renderer/stores/uploads'
import { buildCatalog } from '../../../../src/shared/api'
import type { RouteOutput } from '../../../../src/shared/contract'
import { installFakeApi } from '../fake-api'
import { account, appInfo, lora, resetStore, settings } from '../fixtures'

const api = installFakeApi()

beforeEach(() => {
  api.reset()
  resetStore(useApp)
  resetStore(useCatalog)
  resetStore(useLegacyDraft)
  resetStore(useLoras)
  resetStore(useNavigation)
  resetStore(useUploads)
})

describe('navigation', () => {
  it('goes to a view, and the search shortcut opens the gallery each time it is pressed', () => {
    useNavigation.getState().go('queue')
    expect(useNavigation.getState().view).toBe('queue')
    useNavigation.getState().focusGallerySearch()
    useNavigation.getState().focusGallerySearch()
    expect(useNavigation.getState()).toMatchObject({ view: 'gallery', searchFocusRequest: 2 })
  })
})

describe('settings', () => {
  it('loads, and keeps the engine’s answer to an update', async () => {
    api.answer('settings.get', settings())
    await useApp.getState().loadSettings()
    expect(useApp.getState().settings?.maxConcurrentDownloads).toBe(4)
    api.handle('settings.update', (patch) => ({ ok: true, data: settings({ ...patch, profileOverride: undefined }) }))
    const r = await useApp.getState().updateSettings({ maxConcurrentDownloads: 2 })
    expect(r.ok).toBe(true)
    expect(useApp.getState().settings?.maxConcurrentDownloads).toBe(2)
  })

  it('keeps the saved settings when an update is refused, and hands back the reason', async () => {
    api.answer('settings.get', settings({ baseUrl: 'https://api.example.com' }))
    await useApp.getState().loadSettings()
    api.fail('settings.update', { code: 'invalid_input', message: 'Invalid input', details: { baseUrl: ['Must be an http(s) URL'] } })
    const r = await useApp.getState().updateSettings({ baseUrl: 'https://other.example.com' })
    expect(r).toMatchObject({ ok: false, error: { details: { baseUrl: ['Must be an http(s) URL'] } } })
    expect(useApp.getState().settings?.baseUrl).toBe('https://api.example.com')
  })

  it('says why settings could not be loaded', async () => {
    api.fail('settings.get', { code: 'internal', message: 'boom' })
    await useApp.getState().loadSettings()
    expect(useApp.getState()).toMatchObject({ settings: null, settingsError: 'boom' })
  })
})

describe('account', () => {
  it('shows the team’s credits', async () => {
    api.answer('account.get', account(120))
    await useApp.getState().loadAccount()
    expect(useApp.getState()).toMatchObject({ credits: 120, accountLoading: false, accountError: null, me: { team: { name: 'Demo team' } } })
  })

  it('keeps a balance the engine reported while an older load was on its way', async () => {
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    api.handle('account.get', async () => {
      await gate
      return { ok: true, data: account(500) }
    })
    const loading = useApp.getState().loadAccount()
    useApp.getState().setCredits(480)
    release()
    await loading
    expect(useApp.getState().credits).toBe(480)
    expect(useApp.getState().me?.team?.credits).toBe(500)
  })

  it('clears the previous account when the load fails (after a key change)', async () => {
    api.answer('account.get', account(120))
    await useApp.getState().loadAccount()
    api.fail('account.get', { code: 'auth', message: 'The API key was refused' })
    await useApp.getState().loadAccount()
    expect(useApp.getState()).toMatchObject({ me: null, credits: null, accountError: 'The API key was refused' })
  })
})

describe('catalog and app info', () => {
  it('takes the engine’s catalog, and goes offline with none when it cannot be had', async () => {
    const models = buildCatalog().models.slice(0, 3)
    api.answer('catalog.list', { models, offline: false })
    await useCatalog.getState().load()
    expect(useCatalog.getState()).toMatchObject({ loaded: true, offline: false, models })
    api.fail('catalog.list', { code: 'network', message: 'offline' })
    await useCatalog.getState().load()
    expect(useCatalog.getState()).toMatchObject({ loaded: true, offline: true, models: [] })
  })

  it('loads app info and reports whether it could', async () => {
    api.answer('app.info', appInfo({ mode: 'live', keySet: true, keyLast4: 'wxyz' }))
    expect(await useApp.getState().loadInfo()).toBe(true)
    expect(useApp.getState().info?.keyLast4).toBe('wxyz')
    const error = { code: 'internal', message: 'not ready' } as const
    api.fail('app.info', error)
    expect(await useApp.getState().loadInfo()).toBe(false)
    expect(useApp.getState().infoError).toEqual(error)
  })
})

describe('uploads', () => {
  it('finds an upload by the URL the form holds', () => {
    const ref = { uploadId: 'up-1', url: 'https://cdn.example.com/u/1.png', fileName: 'cat.png', kind: 'image' as const, preview: 'blob:1', expiresAt: '2025-01-01T11:00:00.000Z' }
    useUploads.getState().add(ref)
    useUploads.getState().add({ ...ref, uploadId: 'up-2', url: 'https://cdn.example.com/u/2.png' })
    expect(useUploads.getState().byUrl['https://cdn.example.com/u/1.png']?.uploadId).toBe('up-1')
    expect(Object.keys(useUploads.getState().byUrl)).toHaveLength(2)
  })
})

describe('LoRAs', () => {
  it('loads, updates one in place, puts a new one first and drops a deleted one', async () => {
    const a = lora({ id: 'aaaaaaaa-0000-4000-8000-000000000001', name: 'A' })
    const b = lora({ id: 'aaaaaaaa-0000-4000-8000-000000000002', name: 'B' })
    api.answer('loras.list', [a, b] satisfies RouteOutput<'loras.list'>)
    await useLoras.getState().load()
    useLoras.getState().upsert({ ...b, name: 'B renamed' })
    const c = lora({ id: 'aaaaaaaa-0000-4000-8000-000000000003', name: 'C', status: 'TRAINING', isReady: false, hasWeights: false })
    useLoras.getState().upsert(c)
    expect(useLoras.getState().items.map((l) => l.name)).toEqual(['C', 'A', 'B renamed'])
    expect(hasTrainingLoras(useLoras.getState().items)).toBe(true)
    useLoras.getState().remove(c.id)
    expect(hasTrainingLoras(useLoras.getState().items)).toBe(false)
  })

  it('counts only unsettled statuses as training', () => {
    for (const status of ['PENDING', 'UPLOADING', 'TRAINING'] as const) expect(hasTrainingLoras([lora({ status })])).toBe(true)
    for (const status of ['READY', 'FAILED', 'ARCHIVED'] as const) expect(hasTrainingLoras([lora({ status })])).toBe(false)
  })

  it('says why the list could not be loaded', async () => {
    api.fail('loras.list', { code: 'network', message: 'The service cannot be reached' })
    await useLoras.getState().load()
    expect(useLoras.getState()).toMatchObject({ loaded: true, error: 'The service cannot be reached' })
  })
})

describe('legacy video draft', () => {
  it('keeps choices the newly chosen model allows', () => {
    const { set } = useLegacyDraft.getState()
    set('resolution', '1080p')
    set('model', 'lv-b')
    expect(useLegacyDraft.getState().draft).toMatchObject({ model: 'lv-b', resolution: '720p' })
    set('aspect_ratio', 'adaptive')
    set('model', 'lv-a')
    expect(useLegacyDraft.getState().draft).toMatchObject({ model: 'lv-a', aspect_ratio: '16:9' })
    expect(useLegacyDraft.getState().draft.touched).toEqual({ resolution: true, model: true, aspect_ratio: true })
  })

  it('reveals every problem once the user tries to submit', () => {
    useLegacyDraft.getState().touchAll()
    expect(useLegacyDraft.getState().draft.touched['*']).toBe(true)
  })
})
