// Loads the initial state and keeps the stores current from the engine's events: each
// event is handed to the one store that holds its fact.
import type { AppInfo } from '../../shared/app/settings'
import { call, onEvent } from '../api/client'
import { transport } from '../api/transport'
import { useApp } from './app'
import { watchBalance } from './balance-watch'
import { useBoards } from './boards'
import { useCatalog } from './catalog'
import { useGallerySelection } from './gallery-selection'
import { useJobs } from './jobs'
import { useLibrary } from './library'
import { useLibraryMove } from './library-move'
import { useLoras } from './loras'
import { resyncOnReconnect } from './resync'
import { useToasts } from './toasts'
import { followService } from './upload-carry'
import { noticeText } from '../i18n/notice-text'

/** Everything that depends on which account (demo or live) is connected. */
function loadAccountBound(): Promise<unknown> {
  return Promise.all([useApp.getState().loadAccount(), useCatalog.getState().load(), useLoras.getState().load()])
}

/**
 * Demo and live keep their own jobs, library and uploads: after a switch nothing of the
 * other mode may stay on screen (a demo result card on Create under a live account), so
 * all of it is dropped and the new mode's read. The drafts' inputs follow the service on
 * their own (followService, below).
 */
function reloadModeBound(): Promise<unknown> {
  useJobs.getState().clear()
  useGallerySelection.getState().clear()
  return Promise.all([useJobs.getState().load(), useLibrary.getState().clear(), useBoards.getState().load()])
}

/** Takes new app info (from an event or a key change) and reloads what the account decides. */
export function applyAppInfo(info: AppInfo): void {
  const before = useApp.getState().info
  useApp.getState().setInfo(info)
  if (before && before.mode !== info.mode) void reloadModeBound()
  const switched = !before || before.mode !== info.mode || before.keySet !== info.keySet || before.baseUrl !== info.baseUrl
  // The service accepted the key after all (it was unreachable, or still being checked):
  // what it refused to say before can be read now.
  const accepted = !!before && before.connection.state !== 'connected' && info.connection.state === 'connected'
  if (switched || accepted) void loadAccountBound()
}

/**
 * Asks for everything the page starts with at once, the engine's info among the rest: the
 * shell is drawn when the info is here, with Create's models already in hand. (The page's
 * first calls without input were sent ahead as it started, api/early-start.ts.)
 */
export function loadInitialState(): Promise<unknown> {
  const app = useApp.getState()
  return Promise.all([
    app.loadInfo(),
    useCatalog.getState().load(),
    app.loadAccount(),
    useJobs.getState().load(),
    app.loadSettings(),
    useLibrary.getState().reload(),
    useLoras.getState().load()
  ])
}

/** What the engine's events would have said while the page was not listening. */
function readAgainAfterGap(): Promise<unknown> {
  return Promise.all([
    useJobs.getState().load(),
    useLibrary.getState().refresh(),
    useApp.getState().loadAccount(),
    call('app.info', {}).then((r) => r.ok && applyAppInfo(r.data))
  ])
}

/** Each time the app says which service it uses, the drafts' inputs go to it (upload-carry). */
function followServiceOfApp(): () => void {
  const info = useApp.getState().info
  if (info) void followService(info)
  return useApp.subscribe((s, prev) => {
    if (s.info && s.info !== prev.info) void followService(s.info)
  })
}

export function subscribeToEngine(): () => void {
  const offs = [
    followServiceOfApp(),
    onEvent('job.updated', (job) => useJobs.getState().upsert(job)),
    onEvent('job.removed', ({ localId }) => useJobs.getState().remove(localId)),
    onEvent('library.updated', (entry) => useLibrary.getState().upsert(entry)),
    onEvent('library.removed', ({ jobId }) => useLibrary.getState().remove(jobId)),
    // The engine re-reads the balance after every charge and refund and says so here.
    onEvent('account.updated', ({ credits }) => useApp.getState().setCredits(credits)),
    onEvent('catalog.changed', ({ models, offline }) => useCatalog.setState({ models, offline, loaded: true })),
    onEvent('app.changed', applyAppInfo),
    onEvent('library.moveProgress', (p) => useLibraryMove.getState().setProgress(p)),
    onEvent('notice', (notice) => useToasts.getState().push(notice.level, noticeText(notice), notice.jobId)),
    transport().onConnection(resyncOnReconnect(readAgainAfterGap))
  ]
  return () => offs.forEach((off) => off())
}

/**
 * Connects the page to the engine: listens for its events first, so nothing between
 * listening and loading is missed (the stores keep whichever of a load and an event is
 * newer), keeps the balance current, then loads the initial state. Called once as the page
 * starts, before its first render. Answers a function that stops listening.
 */
export function connectToEngine(): () => void {
  const unsubscribe = subscribeToEngine()
  const stopWatching = watchBalance()
  void loadInitialState()
  return () => {
    unsubscribe()
    stopWatching()
  }
}
