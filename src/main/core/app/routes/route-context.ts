// What the route modules are given: the engine (waited for while it switches or the
// library moves), the app's settings and key, the platform, and the events routes raise.
import type { RouteInput, RouteName, RouteOutput } from '../../../../shared/contract'
import type { AppInfo, Settings, SettingsPatch } from '../../../../shared/app/settings'
import type { Engine } from '../../engine'
import type { PlatformHooks } from '../ports'
import type { CatalogCache } from '../catalog-cache'
import type { CatalogList } from '../catalog-list'
import type { ImportProgress } from '../../../../shared/app/library-import'
import type { SendTracker } from '../notifications/notifier'

export interface RouteContext {
  /** The running engine, once any switch of mode or library move under way is done. */
  engine(): Promise<Engine>
  info(): AppInfo
  settings(): Settings
  updateSettings(patch: SettingsPatch): Promise<Settings>
  setKey(key: string): Promise<AppInfo>
  clearKey(): Promise<AppInfo>
  moveLibrary(to: string): Promise<{ libraryDir: string; files: number; bytes: number }>
  /** The data and library folders of the mode not running (demo or live). */
  otherMode(): { dataDir: string; libraryDir: string }
  hooks: PlatformHooks
  catalogCache: CatalogCache
  onCredits(credits: number | null): void
  /** The service's catalog differs from the one the page was answered. */
  onCatalogChanged(list: CatalogList): void
  onDismissed(localId: string): void
  /** A confirmed send of several jobs is going out: its jobs end in one notification. */
  beginSend(total: number): SendTracker
  /** An entry left the library: other windows (and browser tabs of the host) drop it too. */
  onLibraryRemoved(jobId: string): void
  /** Takes secrets (the key) out of a message before the page sees it, as dispatch does for a route's error. */
  redact(text: string): string
  /** How far the import of a folder has got. */
  onImportProgress(progress: ImportProgress): void
}

export type Handler<R extends RouteName> = (input: RouteInput<R>) => Promise<RouteOutput<R>>

/** The handlers of some routes, one per route. */
export type RouteHandlers<R extends RouteName> = { [K in R]: Handler<K> }
