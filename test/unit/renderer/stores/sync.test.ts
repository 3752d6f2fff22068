// The wiring between the engine's events and the stores, over a fake transport.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useApp } from '../../../../src/renderer/stores/app'
import { useCatalog } from '../../../../src/renderer/stores/catalog'
import { useJobs } from '../../../../src/renderer/stores/jobs'
import { useLibrary } from '../../../../src/renderer/stores/library'
import { useLoras } from '../../../../src/renderer/stores/loras'
import { useGallerySelection } from '../../../../src/renderer/stores/gallery-selection'
import { entryFor } from '../../../../src/renderer/stores/library'
import { useUploads } from '../../../../src/renderer/stores/uploads'
import { applyAppInfo, loadInitialState, subscribeToEngine } from '../../../../src/renderer/stores/sync'
import { useToasts } from '../../../../src/renderer/stores/toasts'
import { buildCatalog } from '../../../../src/shared/api'
import type { RouteName } from '../../../../src/shared/contract'
import { installFakeApi } from '../fake-api'
import { account, appInfo, jobView, libraryEntry, libraryIds, lora, resetStore, settings } from '../fixtures'

const api = installFakeApi()
let unsubscribe: () => void = () => undefined

function answerEverything(credits = 100): void {
  api
    .answer('app.info', appInfo())
    .answer('jobs.list', [jobView({ localId: 'j1' })])
    .answer('library.list', { entries: [libraryEntry({ jobId: 'e1', id: 'e1' })], total: 1 })
    .answer('settings.get', settings())
    .answer('account.get', account(credits))
    .answer('catalog.list', { models: buildCatalog().models.slice(0, 2), offline: false })
    .answer('loras.list', [lora()])
    .answer('boards.list', [])
}

const routesCalled = () => api.calls.map((c) => c.route)
const accountBound: RouteName[] = ['account.get', 'catalog.list', 'loras.list']
const modeBound: RouteName[] = ['jobs.list', 'library.list', 'boards.list']

beforeEach(() => {
  api.reset()
  resetStore(useApp)
  resetStore(useCatalog)
  resetStore(useJobs)
  resetStore(useLibrary)
  resetStore(useLoras)
  resetStore(useToasts)
  resetStore(useUploads)
  resetStore(useGallerySelection)
  answerEverything()
})
afterEach(() => {
  unsubscribe()
  vi.useRealTimers()
})

describe('loading the first state', () => {
  it('fills every store from the engine, its info among the rest', async () => {
    await loadInitialState()
    expect(useApp.getState().info).not.toBeNull()
    expect(new Set(routesCalled())).toEqual(new Set(['app.info', 'jobs.list', 'library.list', 'settings.get', ...accountBound]))
    expect(Object.keys(useJobs.getState().byId)).toEqual(['j1'])
    expect(libraryIds(useLibrary.getState())).toEqual(['e1'])
    expect(useApp.getState().settings).not.toBeNull()
    expect(useApp.getState().credits).toBe(100)
    expect(useCatalog.getState().models).toHaveLength(2)
    expect(useLoras.getState().items).toHaveLength(1)
  })
})

describe('engine events', () => {
  // A fake clock shows that nothing is left scheduled: the window never polls by itself.
  beforeEach(() => {
    vi.useFakeTimers()
  })

  it('keeps jobs and the library current', async () => {
    unsubscribe = subscribeToEngine()
    api.emit('job.updated', jobView({ localId: 'e-job', status: 'PROCESSING', submission: 'accepted', progress: 40 }))
    expect(useJobs.getState().byId['e-job']?.progress).toBe(40)
    api.emit('job.removed', { localId: 'e-job' })
    expect(useJobs.getState().byId['e-job']).toBeUndefined()
    // A new entry's place depends on the filters and sort, so the library asks the index again.
    api.answer('library.list', { entries: [libraryEntry({ jobId: 'lib-1', id: 'lib-1' })], total: 1 })
    api.emit('library.updated', libraryEntry({ jobId: 'lib-1', id: 'lib-1' }))
    await vi.advanceTimersByTimeAsync(1000)
    expect(libraryIds(useLibrary.getState())).toEqual(['lib-1'])
    api.emit('library.removed', { jobId: 'lib-1' })
    expect(libraryIds(useLibrary.getState())).toEqual([])
    expect(useLibrary.getState().total).toBe(0)
  })

  it('shows a notice as a toast tied to its job', () => {
    unsubscribe = subscribeToEngine()
    api.emit('notice', { level: 'warning', message: 'The disk is full', jobId: 'job-9' })
    expect(useToasts.getState().toasts).toEqual([expect.objectContaining({ level: 'warning', message: 'The disk is full', jobId: 'job-9' })])
  })

  it('takes the catalog the service answered behind the copy kept on disk', () => {
    unsubscribe = subscribeToEngine()
    const models = buildCatalog().models.slice(0, 2)
    api.emit('catalog.changed', { models, offline: false })
    expect(useCatalog.getState()).toMatchObject({ models, offline: false, loaded: true })
    api.emit('catalog.changed', { models, offline: true })
    expect(useCatalog.getState().offline).toBe(true)
  })

  it('takes the credits the engine sends after a charge or refund', () => {
    unsubscribe = subscribeToEngine()
    api.emit('account.updated', { credits: 77 })
    expect(useApp.getState().credits).toBe(77)
  })

  it('leaves re-reading the balance to the engine: job changes ask nothing of it', async () => {
    unsubscribe = subscribeToEngine()
    api.emit('job.updated', jobView({ localId: 'c2', status: 'QUEUED', submission: 'accepted', updatedAt: '2025-01-01T10:00:01.000Z' }))
    api.emit('job.updated', jobView({ localId: 'c2', status: 'PROCESSING', submission: 'accepted', updatedAt: '2025-01-01T10:00:02.000Z' }))
    api.emit('job.updated', jobView({ localId: 'c2', status: 'COMPLETED', submission: 'accepted', updatedAt: '2025-01-01T10:00:03.000Z' }))
    await vi.advanceTimersByTimeAsync(60_000)
    expect(routesCalled()).toEqual([])
    expect(useApp.getState().credits).toBeNull()
  })

  it('reloads what depends on the account when the app switches account, and not otherwise', async () => {
    unsubscribe = subscribeToEngine()
    api.emit('app.changed', appInfo())
    await vi.waitFor(() => expect(useLoras.getState().loaded).toBe(true))
    expect(new Set(routesCalled())).toEqual(new Set(accountBound))

    api.calls.length = 0
    applyAppInfo(appInfo({ libraryDir: '/elsewhere' }))
    expect(useApp.getState().info?.libraryDir).toBe('/elsewhere')
    expect(routesCalled()).toEqual([])

    answerEverything(9)
    api.emit('app.changed', appInfo({ mode: 'live', keySet: true, keyLast4: 'abcd', baseUrl: 'https://api.example.com' }))
    await vi.waitFor(() => expect(useApp.getState().credits).toBe(9))
    await vi.waitFor(() => expect(useJobs.getState().loaded).toBe(true))
    // Demo and live keep their own jobs and library: both are read again.
    expect(new Set(routesCalled())).toEqual(new Set([...accountBound, ...modeBound]))
  })

  it('drops every job, result, library entry, upload and selection of the other mode on a switch, and reads the new one', async () => {
    unsubscribe = subscribeToEngine()
    applyAppInfo(appInfo())
    api.answer('library.get', libraryEntry({ jobId: 'demo-job', id: 'demo-job' }))
    await Promise.all([useJobs.getState().load(), useLibrary.getState().reload(), useLibrary.getState().fetchEntry('demo-job')])
    useJobs.getState().markSent('j1')
    useUploads.getState().add({ uploadId: 'up-1', url: 'http://127.0.0.1:1/u/1.png', fileName: 'a.png', kind: 'image', preview: null, expiresAt: '2025-01-01T11:00:00.000Z' })
    useGallerySelection.getState().selectMany(['e1'], false)

    // The same mode, somewhere else: nothing is dropped.
    applyAppInfo(appInfo({ libraryDir: '/elsewhere' }))
    expect(useJobs.getState().sent).toEqual(['j1'])
    expect(entryFor(useLibrary.getState(), 'demo-job')).toBeDefined()

    api
      .answer('jobs.list', [jobView({ localId: 'live-1' })])
      .answer('library.list', { entries: [libraryEntry({ jobId: 'live-e', id: 'live-e' })], total: 1 })
    api.emit('app.changed', appInfo({ mode: 'live', keySet: true, keyLast4: 'abcd', baseUrl: 'https://api.example.com' }))
    expect(useJobs.getState().sent).toEqual([])
    expect(useGallerySelection.getState().ids.size).toBe(0)
    // An upload no draft names is forgotten (one a draft names is carried over: upload-carry).
    await vi.waitFor(() => expect(useUploads.getState().byUrl).toEqual({}))
    expect(entryFor(useLibrary.getState(), 'demo-job')).toBeUndefined()
    await vi.waitFor(() => expect(Object.keys(useJobs.getState().byId)).toEqual(['live-1']))
    await vi.waitFor(() => expect(libraryIds(useLibrary.getState())).toEqual(['live-e']))
  })

  it('stops listening when unsubscribed', () => {
    const off = subscribeToEngine()
    expect(api.listenerCount('job.updated')).toBe(1)
    off()
    for (const event of ['job.updated', 'job.removed', 'library.updated', 'library.removed', 'account.updated', 'app.changed', 'notice'] as const) {
      expect(api.listenerCount(event)).toBe(0)
    }
  })
})
