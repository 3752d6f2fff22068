// The app's views, by name. Create is the first view and ships in the page's first script;
// every other view is its own chunk, fetched when it is first opened, or earlier, once the
// page is idle after its first frame, so that opening one later rarely waits. Their heavy
// parts (charts, the mask painter) come with them, not with the first frame.
import { createElement, lazy, type ComponentType, type JSX } from 'react'
import type { View } from '../../stores/navigation'
import { CreateView } from '../workspace/CreateView'

type ViewComponent = () => JSX.Element
type Loader = () => Promise<ComponentType>

const LOADERS: Record<Exclude<View, 'create'>, Loader> = {
  queue: () => import('../queue/QueueView').then((m) => m.QueueView),
  gallery: () => import('../gallery/GalleryView').then((m) => m.GalleryView),
  tools: () => import('../tools/ToolsView').then((m) => m.ToolsView),
  loras: () => import('../loras/LorasView').then((m) => m.LorasView),
  legacy: () => import('../legacy/LegacyView').then((m) => m.LegacyView),
  spend: () => import('../spend/SpendView').then((m) => m.SpendView),
  settings: () => import('../settings/SettingsView').then((m) => m.SettingsView)
}

/** Views whose code has arrived, drawn at once rather than through Suspense. */
const loaded = new Map<Loader, ComponentType>()

async function loadAndKeep(load: Loader): Promise<ComponentType> {
  const view = await load()
  loaded.set(load, view)
  return view
}

// A lazy component suspends on its first render even when its code is already here, and
// React then holds the view back for its fallback's minimum time (300 ms): a view fetched
// ahead of time is drawn directly instead.
function lazyView(load: Loader): ViewComponent {
  const Lazy = lazy(async () => ({ default: await loadAndKeep(load) }))
  return () => createElement(loaded.get(load) ?? Lazy)
}

export const VIEW_COMPONENTS: Record<View, ViewComponent> = {
  create: CreateView,
  queue: lazyView(LOADERS.queue),
  gallery: lazyView(LOADERS.gallery),
  tools: lazyView(LOADERS.tools),
  loras: lazyView(LOADERS.loras),
  legacy: lazyView(LOADERS.legacy),
  spend: lazyView(LOADERS.spend),
  settings: lazyView(LOADERS.settings)
}

/**
 * Fetches every other view's code once the page has nothing else to do. A view that fails
 * to load here is fetched again when opened (and its error shows then).
 */
export function prefetchViewsWhenIdle(): () => void {
  const run = () => {
    for (const load of Object.values(LOADERS)) void loadAndKeep(load).catch(() => undefined)
  }
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 3000 })
    return () => window.cancelIdleCallback(handle)
  }
  const timer = window.setTimeout(run, 200)
  return () => window.clearTimeout(timer)
}
