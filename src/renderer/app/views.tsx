// The app's views, by name. Create is the first view and ships in the page's first script;
// every other view is its own chunk, so their heavy parts (charts, the mask painter) stay
// out of the first frame. The chunks are fetched right after that frame, the likeliest
// first, and a pointer over a view's button fetches its own at once.
//
// Suspense is not used for them: once its fallback has shown, React holds it for at least
// 300 ms, even when the code arrives a moment later. Here a view whose code is on its way
// shows "Opening…" and is drawn in the very frame its code arrives.
import { createElement, useState, useSyncExternalStore, type ComponentType, type JSX } from 'react'
import type { View } from '../stores/navigation'
import { CreateView } from '../features/create/CreateView'

type Loader = () => Promise<ComponentType>
type LazyView = Exclude<View, 'create'>

// In the order they are fetched after the first frame: the likeliest to be opened first.
const LOADERS: Record<LazyView, Loader> = {
  gallery: () => import('../features/gallery/GalleryView').then((m) => m.GalleryView),
  queue: () => import('../features/queue/QueueView').then((m) => m.QueueView),
  tools: () => import('../features/tools/ToolsView').then((m) => m.ToolsView),
  loras: () => import('../features/loras/LorasView').then((m) => m.LorasView),
  legacy: () => import('../features/legacy/LegacyView').then((m) => m.LegacyView),
  settings: () => import('../features/settings/SettingsView').then((m) => m.SettingsView),
  spend: () => import('../features/spend/SpendView').then((m) => m.SpendView)
}

/** Where a view's code is: not asked for, on its way, here, or failed to arrive. */
export type ViewCode = { state: 'idle' | 'loading' } | { state: 'ready'; component: ComponentType } | { state: 'failed'; error: Error }

const IDLE: ViewCode = { state: 'idle' }
const READY_CREATE: ViewCode = { state: 'ready', component: CreateView }
const codes = new Map<View, ViewCode>()
const listeners = new Set<() => void>()

function set(view: View, code: ViewCode, tell = true): void {
  codes.set(view, code)
  if (tell) for (const listener of listeners) listener()
}

export const viewCode = (view: View): ViewCode => (view === 'create' ? READY_CREATE : (codes.get(view) ?? IDLE))

/**
 * Starts fetching a view's code unless it is here or on its way; a view whose code failed
 * to arrive is fetched again. Resolves when it has settled either way.
 */
export function fetchView(view: View): Promise<void> {
  if (view === 'create') return Promise.resolve()
  const current = viewCode(view)
  if (current.state === 'ready' || current.state === 'loading') return settled(view)
  // Told to no one: a view on its way draws as one not asked for, and this may run while
  // a view renders, when React must not be told of a change elsewhere.
  set(view, { state: 'loading' }, false)
  return LOADERS[view]().then(
    (component) => set(view, { state: 'ready', component }),
    (err: unknown) => set(view, { state: 'failed', error: err instanceof Error ? err : new Error(String(err)) })
  )
}

function settled(view: View): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (viewCode(view).state === 'loading') return
      listeners.delete(check)
      resolve()
    }
    listeners.add(check)
    check()
  })
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The view's component once its code is here, `null` while it is on its way; a failure is thrown to the view's error boundary. */
export function useViewComponent(view: View): ComponentType | null {
  // Asked once per mount, so 'Reload this view' after a failure fetches the code again.
  useState(() => void fetchView(view))
  const code = useSyncExternalStore(subscribe, () => viewCode(view))
  if (code.state === 'failed') throw code.error
  return code.state === 'ready' ? code.component : null
}

/** Draws `view`, or `loading` until its code has arrived. */
export function ViewBody({ view, loading }: { view: View; loading: JSX.Element }): JSX.Element {
  const component = useViewComponent(view)
  return component ? createElement(component) : loading
}

/**
 * Fetches every view's code, one after another in LOADERS' order, starting after the first
 * frame has been drawn (or half a second on, in a window not yet shown, which draws no
 * frames). Returns a function that stops what has not started.
 */
export function prefetchViews(): () => void {
  let stopped = false
  let started = false
  const run = async () => {
    if (started || stopped) return
    started = true
    for (const view of Object.keys(LOADERS) as LazyView[]) {
      if (stopped) return
      await fetchView(view)
    }
  }
  const timer = window.setTimeout(() => void run(), 500)
  const frame = window.requestAnimationFrame(() => window.setTimeout(() => void run(), 0))
  return () => {
    stopped = true
    window.clearTimeout(timer)
    window.cancelAnimationFrame(frame)
  }
}
