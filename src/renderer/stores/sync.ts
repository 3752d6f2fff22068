// Loads the initial state and keeps every store current from the engine's events.
import type { AppInfo } from '../../shared/app/settings'
import { onEvent } from '../api/client'
import { useAccount } from './account'
import { useAppInfo } from './app-info'
import { useCatalog } from './catalog'
import { useJobs } from './jobs'
import { useLibrary } from './library'
import { useLoras } from './loras'
import { useSettings } from './settings'
import { useToasts } from './toasts'

// The engine sends `account.updated` after it charges or refunds a job. The reload below
// is only a fallback for an engine that stays silent: it waits longer than the engine's
// own refresh and is called off by any `account.updated`, so it does not double the calls.
const CREDITS_FALLBACK_MS = 3000
let creditsTimer: number | undefined
/** Coalesces the account reloads that a burst of job changes asks for. */
function refreshCreditsSoon(): void {
  window.clearTimeout(creditsTimer)
  creditsTimer = window.setTimeout(() => void useAccount.getState().load(), CREDITS_FALLBACK_MS)
}
function creditsArrived(credits: number | null): void {
  window.clearTimeout(creditsTimer)
  creditsTimer = undefined
  useAccount.getState().setCredits(credits)
}

/** Everything that depends on which account (demo or live) is connected. */
function loadAccountBound(): Promise<unknown> {
  return Promise.all([useAccount.getState().load(), useCatalog.getState().load(), useLoras.getState().load()])
}

/** Takes new app info (from an event or a key change) and reloads what the account decides. */
export function applyAppInfo(info: AppInfo): void {
  const before = useAppInfo.getState().info
  useAppInfo.getState().set(info)
  const switched = !before || before.mode !== info.mode || before.keySet !== info.keySet || before.baseUrl !== info.baseUrl
  if (switched) void loadAccountBound()
}

export function loadInitialState(): Promise<unknown> {
  return Promise.all([
    useJobs.getState().load(),
    useLibrary.getState().reload(),
    useSettings.getState().load(),
    loadAccountBound()
  ])
}

export function subscribeToEngine(): () => void {
  const offs = [
    onEvent('job.updated', (job) => {
      const before = useJobs.getState().byId[job.localId]
      useJobs.getState().upsert(job)
      // Credits move when a job is charged or refunded; if the engine does not say so
      // itself, ask for them.
      if (job.status !== before?.status || job.submission !== before?.submission) refreshCreditsSoon()
    }),
    onEvent('job.removed', ({ localId }) => useJobs.getState().remove(localId)),
    onEvent('library.updated', (entry) => useLibrary.getState().upsert(entry)),
    onEvent('library.removed', ({ jobId }) => useLibrary.getState().remove(jobId)),
    onEvent('account.updated', ({ credits }) => creditsArrived(credits)),
    onEvent('app.changed', applyAppInfo),
    onEvent('notice', ({ level, message, jobId }) => useToasts.getState().push(level, message, jobId))
  ]
  return () => offs.forEach((off) => off())
}
