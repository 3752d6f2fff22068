// Smart collections: saved filters of the library, kept in `smart-collections.json` in the
// library folder (the truth: the index holds nothing of them, so a library moved or
// rebuilt keeps them). Each change writes the whole file crash-safely, and is made in
// memory only once the file has it: on a full disk nothing changes. A file that cannot be
// read is kept aside and the library opens without it; one with some collections that
// cannot be read keeps the others (the file as it was is kept aside), and the user is told
// which. Counts come from the index, as the gallery counts a page (exact up to 10,000).
import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppFailure } from '../../../shared/app/app-failure'
import type { LibraryFilter } from '../../../shared/app/library-query'
import {
  MAX_SMART_COLLECTIONS, storedSmartCollectionSchema, type SmartCollection, type SmartCollectionWithCount
} from '../../../shared/app/smart-collections'
import { errorCode, writeFileAtomic } from '../fs/atomic-write'
import { DiskFullError, isNoRoom } from '../fs/disk-full'
import { keepAside } from '../fs/keep-aside'
import type { LibraryIndex } from './index/library-index'
import { tm } from '../i18n/main-i18n'

export const SMART_COLLECTIONS_FILE = 'smart-collections.json'

type Notice = (level: 'warning', message: string) => void

const file = SMART_COLLECTIONS_FILE
/** What is said about smart collections, in main's language. */
const SAY = {
  unreadable: (keptAs: string | null) =>
    keptAs ? tm('main:collections.unreadableKept', { file, keptAs }) : tm('main:collections.unreadable', { file }),
  someUnreadable: (names: string[], keptAs: string | null) =>
    tm(keptAs ? 'main:collections.someUnreadableKept' : 'main:collections.someUnreadable', { count: names.length, file, names: names.join(', '), keptAs: keptAs ?? '' }),
  notSetAside: () => tm('main:collections.notSetAside', { file }),
  notFound: () => tm('main:collections.notFound'),
  tooMany: () => tm('main:collections.tooMany', { max: MAX_SMART_COLLECTIONS })
}

interface Loaded {
  collections: SmartCollection[]
  /** Names (or places) of the collections left out. */
  unreadable: string[]
  /** The file is not a list of collections at all. */
  whollyUnreadable: boolean
}

function parseFile(text: string): Loaded {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return { collections: [], unreadable: [], whollyUnreadable: true }
  }
  const items = (data as { collections?: unknown } | null)?.collections
  if (!Array.isArray(items)) return { collections: [], unreadable: [], whollyUnreadable: true }
  const collections: SmartCollection[] = []
  const unreadable: string[] = []
  const ids = new Set<string>()
  items.forEach((item, n) => {
    const parsed = storedSmartCollectionSchema.safeParse(item)
    if (parsed.success && !ids.has(parsed.data.id) && collections.length < MAX_SMART_COLLECTIONS) {
      ids.add(parsed.data.id)
      collections.push(parsed.data)
      return
    }
    const name = (item as { name?: unknown } | null)?.name
    unreadable.push(typeof name === 'string' && name.length <= 100 ? `"${name}"` : `number ${n + 1}`)
  })
  return { collections, unreadable, whollyUnreadable: false }
}

export class SmartCollections {
  private queue: Promise<unknown> = Promise.resolve()
  /** Set when a damaged file could not be set aside: it is never written over. */
  private stuck = false

  private constructor(private readonly path: string, private readonly index: () => LibraryIndex, private collections: SmartCollection[]) {}

  /** Opens the library's smart collections; `notice` is told of a file that could not be read whole. */
  static async open(root: string, index: () => LibraryIndex, notice: Notice = () => undefined): Promise<SmartCollections> {
    const path = join(root, SMART_COLLECTIONS_FILE)
    const text = await readFile(path, 'utf8').catch((err: unknown) => {
      if (errorCode(err) === 'ENOENT') return null
      throw err
    })
    const loaded = text === null ? { collections: [], unreadable: [], whollyUnreadable: false } : parseFile(text)
    const store = new SmartCollections(path, index, loaded.collections)
    if (!loaded.whollyUnreadable && loaded.unreadable.length === 0) return store
    const keptAs = store.setAside()
    if (loaded.whollyUnreadable) notice('warning', SAY.unreadable(keptAs))
    else notice('warning', SAY.someUnreadable(loaded.unreadable, keptAs))
    // What was read is written back at once, so the next start reads it whole.
    if (keptAs && !loaded.whollyUnreadable) await store.write(loaded.collections).catch(() => undefined)
    return store
  }

  private setAside(): string | null {
    try {
      return SMART_COLLECTIONS_FILE + keepAside(this.path).slice(this.path.length)
    } catch {
      this.stuck = true
      return null
    }
  }

  private async write(collections: SmartCollection[]): Promise<void> {
    if (this.stuck) throw new AppFailure('storage', SAY.notSetAside())
    await writeFileAtomic(this.path, JSON.stringify({ version: 1, collections }, null, 2)).catch((err: unknown) => {
      throw isNoRoom(err) ? new DiskFullError() : err
    })
  }

  private withCount(c: SmartCollection): SmartCollectionWithCount {
    const { total, totalIsLowerBound } = this.index().countMatches(c.filter)
    return { ...c, count: total, countIsLowerBound: totalIsLowerBound }
  }

  /** Every smart collection by name, each with its count now. */
  list(): SmartCollectionWithCount[] {
    return [...this.collections].sort((a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1)).map((c) => this.withCount(c))
  }

  // One change at a time: each writes the file as the one before left it.
  private change(make: (all: SmartCollection[]) => { all: SmartCollection[]; result: SmartCollection | null }): Promise<SmartCollection | null> {
    const run = this.queue.then(async () => {
      const { all, result } = make(this.collections)
      await this.write(all)
      this.collections = all
      return result
    })
    this.queue = run.catch(() => undefined)
    return run
  }

  async create(name: string, filter: LibraryFilter): Promise<SmartCollectionWithCount> {
    const made = await this.change((all) => {
      if (all.length >= MAX_SMART_COLLECTIONS) throw new AppFailure('invalid_input', SAY.tooMany(), { name: [SAY.tooMany()] })
      const at = new Date().toISOString()
      const c: SmartCollection = { id: randomUUID(), name: name.trim(), filter, createdAt: at, updatedAt: at }
      return { all: [...all, c], result: c }
    })
    return this.withCount(made!)
  }

  /** Renames it, or replaces its filter; not found when there is no such collection. */
  async update(id: string, patch: { name?: string; filter?: LibraryFilter }): Promise<SmartCollectionWithCount> {
    const updated = await this.change((all) => {
      const at = all.findIndex((c) => c.id === id)
      if (at < 0) throw new AppFailure('not_found', SAY.notFound())
      const c: SmartCollection = { ...all[at]!, ...(patch.name !== undefined ? { name: patch.name.trim() } : {}), ...(patch.filter ? { filter: patch.filter } : {}), updatedAt: new Date().toISOString() }
      return { all: all.map((x, n) => (n === at ? c : x)), result: c }
    })
    return this.withCount(updated!)
  }

  async delete(id: string): Promise<void> {
    await this.change((all) => {
      if (!all.some((c) => c.id === id)) throw new AppFailure('not_found', SAY.notFound())
      return { all: all.filter((c) => c.id !== id), result: null }
    })
  }
}
