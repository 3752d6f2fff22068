// What the command line says, and exits with, when a command was not done: the data folder
// is held by a process that does not answer (exit 10, "folder held by pid N", so a script
// waits and retries), or the command was refused for a reason of its own, by the holder or
// by this process's own engine (a spending limit: exit 9, naming it).
import { hostname } from 'node:os'
import type { FolderHolder } from '../core/fs/folder-lock'
import type { Refusal, SpendRefusalDetail } from '../../shared/app/handover'
import { EXIT } from './exit-codes'
import { createFormatters } from '../../shared/i18n/format'

type Out = (line: string) => void

const HELD = (who: string, why: string) => `error: folder held by ${who}: ${why}`
const NO_ANSWER = (dir: string) => `${dir} is in use by a MediaGen Studio process that does not take commands from the command line (an older version, or one starting or closing); wait for it to finish, then run this again.`
const SILENT = 'it took the command but did not answer; wait for it to finish, then run this again.'
const SILENT_KEY = (key: string) => `Give it --idempotency-key ${key}, so the job is not made twice should the first try have got through.`
/** In the English of these messages until they move into the catalogs. */
const credits = createFormatters('en-US').number
/** Above the ask-first threshold the command line asks for --yes, where the app would ask. */
const ASK_FIRST = ({ cost, limit }: SpendRefusalDetail) =>
  `This send costs ${credits(cost)} credits, above your ask-first threshold of ${credits(limit)} — nothing was sent; add --yes to send it.`

function who(holder: Pick<FolderHolder, 'pid'> & Partial<FolderHolder>): string {
  const where = holder.host && holder.host !== hostname() ? ` on ${holder.host}` : ''
  const since = holder.since ? ` (since ${holder.since.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC')})` : ''
  return `pid ${holder.pid}${where}${since}`
}

/** The folder is held by a live process that did not take the command: exit 10, naming it. */
export function heldExit(err: Out, dir: string, holder: FolderHolder | null): number {
  err(HELD(holder ? who(holder) : 'another process', NO_ANSWER(dir)))
  return EXIT.folderHeld
}

/** The holder took the connection and said nothing in time; `key`, a submission's Idempotency-Key, to give when it is run again. */
export function silentExit(err: Out, holder: FolderHolder | null, key?: string): number {
  err(HELD(holder ? who(holder) : 'another process', key ? `${SILENT} ${SILENT_KEY(key)}` : SILENT))
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
      err(holderPid === null ? `error: ${message}` : HELD(who({ pid: holderPid }), message))
      return EXIT.folderHeld
    case 'over_limit':
      // The message names the limit, what is spent and what the send costs.
      err(`error: ${message}`)
      return EXIT.overLimit
    case 'ask_first':
      err(`error: ${refusal.spend ? ASK_FIRST(refusal.spend) : message}`)
      return EXIT.overLimit
    case 'not_taken':
    case 'rate_limited':
      err(`error: ${message}`)
      return EXIT.notTaken
    case 'invalid_input':
    case 'too_large':
      err(`error: ${message} (see --help)`)
      return EXIT.usage
    default:
      err(`error: ${message}`)
      return EXIT.failed
  }
}
