// Smart collections: saved filters of the library, each with how many entries match it
// now. The main process keeps them and counts them; the page asks for the list again when
// main says the counts may have changed (see `smartCollections.countsChanged`).
import { create } from 'zustand'
import type { LibraryFilter } from '../../shared/app/library-query'
import type { SmartCollectionWithCount } from '../../shared/app/smart-collections'
import { call, type CallResult } from '../api/client'
import { toast } from './toasts'

interface SmartCollectionsState {
  collections: SmartCollectionWithCount[]
  load(): Promise<void>
  /** Each answers the collection as saved, or null when it was refused (the toast said why). */
  create(name: string, filter: LibraryFilter): Promise<SmartCollectionWithCount | null>
  rename(id: string, name: string): Promise<SmartCollectionWithCount | null>
  update(id: string, filter: LibraryFilter): Promise<SmartCollectionWithCount | null>
  remove(id: string): Promise<boolean>
}

export const useSmartCollections = create<SmartCollectionsState>((set, get) => {
  /** Keeps the list in step with a change main accepted. */
  const saved = async (r: CallResult<'smartCollections.create'>) => {
    if (!r.ok) {
      toast.error(r.error.message)
      return null
    }
    await get().load()
    return r.data
  }
  return {
    collections: [],
    async load() {
      const r = await call('smartCollections.list', {})
      if (r.ok) set({ collections: r.data })
    },
    create: async (name, filter) => saved(await call('smartCollections.create', { name, filter })),
    rename: async (id, name) => saved(await call('smartCollections.rename', { id, name })),
    update: async (id, filter) => saved(await call('smartCollections.update', { id, filter })),
    async remove(id) {
      const r = await call('smartCollections.delete', { id })
      if (!r.ok) {
        toast.error(r.error.message)
        return false
      }
      await get().load()
      return true
    }
  }
})
