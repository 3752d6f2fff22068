// What the command line says, and exits with, when a command was not done: the data folder
// is held by a process that does not answer (exit 10, "folder held by pid N", so a script
// waits and retries), or the command was refused for a reason of its own, by the holder or
// by this process's own engine (a spending limit: exit 9, naming it).
import { hostname } from 'node:os'
import type { FolderHolder } from '../core/fs/folder-lock'
import type { Refusal, SpendRefusalDetail } from '../../shared/app/handover'
import { EXIT } from './exit-codes'
import { tm } from '../core/i18n/main-i18n'

type Out = (line: string) => void

const HELD = (who: string, why: string) => tm('cli:held.held', { who, why })
/** Above the ask-first threshold the command line asks for --yes, where the app would ask. */
const ASK_FIRST = ({ cost, limit }: SpendRefusalDetail) => tm('cli:submit.askFirst', { cost, limit })

function who(holder: Pick<FolderHolder, 'pid'> & Partial<FolderHolder>): string {
  const pid = holder.host && holder.host !== hostname() ? tm('cli:held.pidOnHost', { pid: holder.pid, host: holder.host }) : tm('cli:held.pid', { pid: holder.pid })
  // A moment in UTC, written the same way everywhere (a log, another machine's clock).
  return holder.since ? tm('cli:held.since', { who: pid, since: holder.since.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC') }) : pid
}

/** The folder is held by a live process that did not take the command: exit 10, naming it. */
export function heldExit(err: Out, dir: string, holder: FolderHolder | null): number {
  err(HELD(holder ? who(holder) : tm('cli:held.another'), tm('cli:held.noAnswer', { dir })))
  return EXIT.folderHeld
}

/** The holder took the connection and said nothing in time; `key`, a submission's Idempotency-Key, to give when it is run again. */
export function silentExit(err: Out, holder: FolderHolder | null, key?: string): number {
  err(HELD(holder ? who(holder) : tm('cli:held.another'), key ? tm('cli:held.silentKey', { key }) : tm('cli:held.silent')))
  return EXIT.folderHeld
}

/**
 * A refusal's exit code and line. `holderPid` is null when the command ran in this process
 * (its own engine refused), so no other process is named.
 */
export function refusalExit(err: Out, refusal: Refusal, holderPid: number | null): number {
  const message = refusal.message.replace(/\s+$/, '')
  switch (refusal.code) {
    case 'unavailable':
    case 'busy':
    case 'unauthorized':
    case 'unsupported_version':
      err(holderPid === null ? tm('cli:error', { reason: message }) : HELD(who({ pid: holderPid }), message))
      return EXIT.folderHeld
    case 'over_limit':
      // The message names the limit, what is spent and what the send costs.
      err(tm('cli:error', { reason: message }))
      return EXIT.overLimit
    case 'ask_first':
      err(tm('cli:error', { reason: refusal.spend ? ASK_FIRST(refusal.spend) : message }))
      return EXIT.overLimit
    case 'not_taken':
    case 'rate_limited':
      err(tm('cli:error', { reason: message }))
      return EXIT.notTaken
    case 'invalid_input':
    case 'too_large':
      err(tm('cli:usageError', { reason: message }))
      return EXIT.usage
    default:
      err(tm('cli:error', { reason: message }))
      return EXIT.failed
  }
}
