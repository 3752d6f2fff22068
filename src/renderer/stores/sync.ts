// Loads the initial state and keeps every store current from the engine's events.
import type { AppInfo } from '../../shared/app/settings'
import { call, onEvent } from '../api/client'
import { transport } from '../api/transport'
import { useAccount } from './account'
import { useAppInfo } from './app-info'
import { useCatalog } from './catalog'
import { useJobProgress } from './job-progress'
import { useJobs } from './jobs'
import { useLibrary } from './library'
import { useLibraryMove } from './library-move'
import { useLoras } from './loras'
import { useResultEntries } from './result-entries'
import { resyncOnReconnect } from './resync'
import { useSettings } from './settings'
import { useToasts } from './toasts'

/** Everything that depends on which account (demo or live) is connected. */
function loadAccountBound(): Promise<unknown> {
  return Promise.all([useAccount.getState().load(), useCatalog.getState().load(), useLoras.getState().load()])
}

/** Takes new app info (from an event or a key change) and reloads what the account decides. */
export function applyAppInfo(info: AppInfo): void {
  const before = useAppInfo.getState().info
  useAppInfo.getState().set(info)
  const switched = !before || before.mode !== info.mode || before.keySet !== info.keySet || before.baseUrl !== info.baseUrl
  // The service accepted the key after all (it was unreachable, or still being checked):
  // what it refused to say before can be read now.
  const accepted = !!before && before.connection.state !== 'connected' && info.connection.state === 'connected'
  if (switched || accepted) void loadAccountBound()
}

export function loadInitialState(): Promise<unknown> {
  return Promise.all([
    useJobs.getState().load(),
    useLibrary.getState().reload(),
    useSettings.getState().load(),
    loadAccountBound()
  ])
}

/** What the engine's events would have said while the page was not listening. */
function readAgainAfterGap(): Promise<unknown> {
  return Promise.all([
    useJobs.getState().load(),
    useLibrary.getState().refresh(),
    useAccount.getState().load(),
    call('app.info', {}).then((r) => r.ok && applyAppInfo(r.data))
  ])
}

export function subscribeToEngine(): () => void {
  const offs = [
    onEvent('job.updated', (job) => {
      useJobs.getState().upsert(job)
      useJobProgress.getState().note(job, Date.now())
    }),
    onEvent('job.removed', ({ localId }) => useJobs.getState().remove(localId)),
    onEvent('library.updated', (entry) => {
      useLibrary.getState().upsert(entry)
      useResultEntries.getState().refresh(entry)
    }),
    onEvent('library.removed', ({ jobId }) => {
      useLibrary.getState().remove(jobId)
      useResultEntries.getState().remove(jobId)
    }),
    // The engine re-reads the balance after every charge and refund and says so here.
    onEvent('account.updated', ({ credits }) => useAccount.getState().setCredits(credits)),
    onEvent('app.changed', applyAppInfo),
    onEvent('library.moveProgress', (p) => useLibraryMove.getState().setProgress(p)),
    onEvent('notice', ({ level, message, jobId }) => useToasts.getState().push(level, message, jobId)),
    transport().onConnection(resyncOnReconnect(readAgainAfterGap))
  ]
  return () => offs.forEach((off) => off())
}
