// The service's model catalog (or the built-in registry's, when the engine is offline).
import { create } from 'zustand'
import type { CatalogEntry } from '../../shared/api'
import { call } from '../api/client'

interface CatalogState {
  models: CatalogEntry[]
  offline: boolean
  loaded: boolean
  load(): Promise<void>
}

export const useCatalog = create<CatalogState>((set) => ({
  models: [],
  offline: false,
  loaded: false,
  async load() {
    const r = await call('catalog.list', {})
    if (r.ok) set({ models: r.data.models, offline: r.data.offline, loaded: true })
    else set({ models: [], offline: true, loaded: true })
  }
}))
