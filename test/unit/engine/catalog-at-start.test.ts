// The catalog at start: answered from the copy kept on disk without waiting for the
// service, which is asked behind it (a different catalog, or none, is pushed to the page);
// a copy that does not read (empty, garbage, a folder where the file goes) is ignored,
// never stops the answer, and is rebuilt from the service's answer.
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { CatalogCache } from '../../../src/main/core/app/catalog-cache'
import { listCatalog, type CatalogList } from '../../../src/main/core/app/catalog-list'
import { buildCatalog, catalogSchema, type Catalog } from '../../../src/shared/api'
import { cleanupAfterEach } from '../support/cleanup'

const cleanup = cleanupAfterEach()
const ALL = buildCatalog()
const KEPT: Catalog = { models: ALL.models.slice(0, 3) }

/** A service that answers when the test says so. */
function heldService(answer: Catalog | Error) {
  let release!: () => void
  const released = new Promise<void>((r) => (release = r))
  let asked = 0
  return {
    fetch: async () => {
      asked++
      await released
      if (answer instanceof Error) throw answer
      return answer
    },
    release,
    asked: () => asked
  }
}

async function setup(kept: string | 'folder' | null) {
  const dir = await cleanup.tempDir()
  const file = join(dir, 'catalog-cache.json')
  if (kept === 'folder') await mkdir(join(file, 'inside'), { recursive: true })
  else if (kept !== null) await writeFile(file, kept)
  const changes: CatalogList[] = []
  let changed!: () => void
  const nextChange = new Promise<void>((r) => (changed = r))
  const onChanged = (list: CatalogList) => {
    changes.push(list)
    changed()
  }
  return { file, cache: new CatalogCache(file), changes, nextChange, onChanged }
}

const keptFile = async (file: string) => catalogSchema.parse(JSON.parse(await readFile(file, 'utf8')))

describe('the catalog at start', () => {
  it('answers from the copy kept without waiting for the service, then pushes the service’s catalog when it differs', async () => {
    const s = await setup(JSON.stringify(KEPT))
    const service = heldService(ALL)
    // The service has not answered, and will not until released: the answer is the copy.
    expect(await listCatalog({ fetch: service.fetch, cache: s.cache, onChanged: s.onChanged })).toEqual({ models: KEPT.models, offline: false })
    expect(service.asked()).toBe(1)
    service.release()
    await s.nextChange
    expect(s.changes).toEqual([{ models: ALL.models, offline: false }])
    expect((await keptFile(s.file)).models).toEqual(ALL.models)
  })

  it('pushes nothing when the service’s catalog is the one kept', async () => {
    const s = await setup(JSON.stringify(ALL))
    const service = heldService(ALL)
    let saved!: () => void
    const savedOnce = new Promise<void>((r) => (saved = r))
    const cache = s.cache
    const save = cache.save.bind(cache)
    cache.save = async (c) => {
      await save(c)
      saved()
    }
    expect((await listCatalog({ fetch: service.fetch, cache, onChanged: s.onChanged })).models).toEqual(ALL.models)
    service.release()
    await savedOnce
    await new Promise((r) => setImmediate(r))
    expect(s.changes).toEqual([])
  })

  it('says offline, keeping the copy’s models, when the service cannot be reached behind it', async () => {
    const s = await setup(JSON.stringify(KEPT))
    const service = heldService(new Error('connect ECONNREFUSED'))
    await listCatalog({ fetch: service.fetch, cache: s.cache, onChanged: s.onChanged })
    service.release()
    await s.nextChange
    expect(s.changes).toEqual([{ models: KEPT.models, offline: true }])
  })

  it('answers the copy as offline while the service was last found unreachable, and not once it answers again', async () => {
    const s = await setup(JSON.stringify(KEPT))
    const gone = heldService(new Error('connect ECONNREFUSED'))
    await listCatalog({ fetch: gone.fetch, cache: s.cache, onChanged: s.onChanged })
    gone.release()
    await s.nextChange
    const back = heldService(KEPT)
    expect(await listCatalog({ fetch: back.fetch, cache: s.cache, onChanged: s.onChanged })).toEqual({ models: KEPT.models, offline: true })
    back.release()
    await vi.waitFor(async () => expect(await listCatalog({ fetch: async () => KEPT, cache: s.cache, onChanged: s.onChanged })).toMatchObject({ offline: false }))
  })

  const damaged: [string, string | 'folder' | null][] = [
    ['missing', null],
    ['empty', ''],
    ['garbage', '\u0000\u00ff{"models": [1, 2'],
    ['valid JSON of another shape', JSON.stringify({ models: [{ id: 42 }] })],
    ['a folder where the file was', 'folder']
  ]
  it.each(damaged)('a copy %s is ignored: the service answers, and its catalog is kept in its place', async (_name, kept) => {
    const s = await setup(kept)
    const service = heldService(ALL)
    service.release()
    expect(await listCatalog({ fetch: service.fetch, cache: s.cache, onChanged: s.onChanged })).toEqual({ models: ALL.models, offline: false })
    expect((await keptFile(s.file)).models).toEqual(ALL.models)
    expect(s.changes).toEqual([])
  })

  it.each(damaged)('a copy %s with the service unreachable: the built-in registry answers, and start goes on', async (_name, kept) => {
    const s = await setup(kept)
    const service = heldService(new Error('connect ECONNREFUSED'))
    service.release()
    expect(await listCatalog({ fetch: service.fetch, cache: s.cache, onChanged: s.onChanged })).toEqual({ models: ALL.models, offline: true })
  })
})
