// Plain data as the engine sends it, with only what a test cares about overridden.
import type { Lora } from '../../../src/shared/api'
import type { Account } from '../../../src/shared/app/account'
import { DEFAULT_SETTINGS, type AppInfo, type Settings } from '../../../src/shared/app/settings'
import type { JobView, LibraryEntry } from '../../../src/shared/app/views'

export function jobView(over: Partial<JobView> = {}): JobView {
  return {
    localId: 'local-1',
    jobId: null,
    model: 'i1-1',
    kind: 'image',
    prompt: 'a lighthouse',
    request: { model: 'i1-1', prompt: 'a lighthouse' },
    submission: 'journaled',
    status: null,
    progress: null,
    error: null,
    creditCost: null,
    origin: 'app',
    createdAt: '2025-01-01T10:00:00.000Z',
    updatedAt: '2025-01-01T10:00:00.000Z',
    completedAt: null,
    saved: 'none',
    ...over
  }
}

export function libraryEntry(over: Partial<LibraryEntry> = {}): LibraryEntry {
  return {
    id: over.jobId ?? 'job-1',
    jobId: 'job-1',
    model: 'i1-1',
    modality: 'image',
    prompt: 'a lighthouse',
    params: {},
    creditCost: 3,
    createdAt: '2025-01-01T10:00:00.000Z',
    completedAt: '2025-01-01T10:00:10.000Z',
    savedAt: '2025-01-01T10:00:12.000Z',
    origin: 'app',
    files: [],
    inputs: [],
    favorite: false,
    boards: [],
    ...over
  }
}

export function lora(over: Partial<Lora> = {}): Lora {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    userId: '22222222-2222-4222-8222-222222222222',
    teamId: '33333333-3333-4333-8333-333333333333',
    name: 'My face',
    subjectKind: 'person',
    gender: null,
    ethnicity: null,
    age: null,
    status: 'READY',
    imageCount: 15,
    steps: 1000,
    loraRank: 16,
    isReady: true,
    error: null,
    createdAt: '2025-01-01T10:00:00.000Z',
    startedAt: '2025-01-01T10:00:01.000Z',
    completedAt: '2025-01-01T10:05:00.000Z',
    hasWeights: true,
    triggerWord: 'zqx',
    ...over
  }
}

export function appInfo(over: Partial<AppInfo> = {}): AppInfo {
  return {
    version: '0.1.0',
    mode: 'demo',
    keySet: false,
    keyLast4: null,
    keyProtection: 'none',
    keyNeeded: null,
    baseUrl: 'http://127.0.0.1:8787',
    libraryDir: '/data/demo/library',
    logFile: null,
    webhooks: 'local',
    connection: { state: 'demo', message: null },
    platform: 'browser',
    ...over
  }
}

export function account(credits: number): Account {
  return {
    user: { id: 'u1', email: 'me@example.com', role: 'OWNER' },
    team: { id: 't1', name: 'Demo team', credits, plan: 'demo', customerId: null },
    apiKey: { id: 'k1', name: 'Demo key', last4: 'abcd' }
  }
}

export function settings(over: Partial<Settings> = {}): Settings {
  return { ...DEFAULT_SETTINGS, ...over }
}

interface ResettableStore<T> {
  getInitialState(): T
  setState(state: T, replace: true): void
}

/** Puts a zustand store back as it was when the page loaded. */
export function resetStore<T>(store: ResettableStore<T>): void {
  store.setState(store.getInitialState(), true)
}

/** The job ids of the library's cached pages, in list order. */
export function libraryIds(state: { pages: Record<number, LibraryEntry[]> }): string[] {
  return Object.entries(state.pages)
    .sort(([a], [b]) => Number(a) - Number(b))
    .flatMap(([, page]) => page.map((e) => e.jobId))
}

/** A DataTransfer as the browser hands it to drag handlers (happy-dom's drag events carry none). */
export function dataTransfer(): DataTransfer {
  const data = new Map<string, string>()
  return {
    setData: (type: string, value: string) => void data.set(type, value),
    getData: (type: string) => data.get(type) ?? '',
    get types() {
      return [...data.keys()]
    },
    files: [] as unknown as FileList,
    effectAllowed: 'all',
    dropEffect: 'none'
  } as unknown as DataTransfer
}
