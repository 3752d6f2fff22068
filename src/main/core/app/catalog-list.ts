// What `catalog.list` answers. Create's first screen waits for the catalog, so it is
// answered from the copy kept on disk when one reads, at once, and the service is asked
// behind it: its answer is kept, and pushed to the page (`catalog.changed`) when it
// differs, or when the service could not be reached. With no copy that reads, the service
// is asked first, and the built-in registry answers when it cannot be reached.
import { buildCatalog, type Catalog, type CatalogEntry } from '../../../shared/api'
import type { CatalogCache } from './catalog-cache'

export interface CatalogList {
  models: CatalogEntry[]
  offline: boolean
}

export interface CatalogSource {
  /** The service's catalog; throws when it cannot be reached. */
  fetch(): Promise<Catalog>
  cache: CatalogCache
  /** The page is told of a catalog other than the one it was answered. */
  onChanged(list: CatalogList): void
}

const sameModels = (a: readonly CatalogEntry[], b: readonly CatalogEntry[]) => JSON.stringify(a) === JSON.stringify(b)

/** The caches whose service could not be reached the last time it was asked: their copy is answered as offline. */
const unreachable = new WeakSet<CatalogCache>()

/** Asks the service and keeps its answer; null when it cannot be reached. */
async function fresh(source: CatalogSource): Promise<Catalog | null> {
  let catalog: Catalog
  try {
    catalog = await source.fetch()
  } catch {
    unreachable.add(source.cache)
    return null
  }
  unreachable.delete(source.cache)
  await source.cache.save(catalog).catch(() => undefined)
  return catalog
}

export async function listCatalog(source: CatalogSource): Promise<CatalogList> {
  const kept = await source.cache.load()
  if (!kept) {
    const catalog = await fresh(source)
    return catalog ? { models: catalog.models, offline: false } : { models: buildCatalog().models, offline: true }
  }
  void fresh(source).then((catalog) => {
    if (!catalog) source.onChanged({ models: kept.models, offline: true })
    else if (!sameModels(catalog.models, kept.models)) source.onChanged({ models: catalog.models, offline: false })
  })
  // Offline when the service could not be reached the last time; the answer behind says what it is now.
  return { models: kept.models, offline: unreachable.has(source.cache) }
}
