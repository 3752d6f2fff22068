// The command line's exit codes: a script tells what happened from the code alone. The
// same table is printed by --help (in the system's language) and shown in the README.
import { tm } from '../core/i18n/main-i18n'
import { helpEntry } from './wrap-text'

export const EXIT = {
  /** Done: submitted, or everything synced and saved. */
  ok: 0,
  /** Something unexpected went wrong (the message says what). */
  failed: 1,
  /** submit: the service refused the request (the message names the field). */
  rejected: 2,
  /** submit: journaled but not answered; `sync` sends it again with the same key. */
  pending: 3,
  /** sync: the timeout ran out with work left (each job is named with its reason). */
  timedOut: 4,
  /** sync: the service purged an output before it could be saved. */
  lost: 5,
  /** The service could not be reached (or kept failing); nothing was lost, run again later. */
  unreachable: 6,
  /** The service rejected the API key. */
  keyRejected: 7,
  /** submit: the Idempotency-Key was already used for another request. */
  keyReused: 8,
  /** submit: refused by a spending limit (the message names it), or above the ask-first threshold without --yes; nothing was sent. */
  overLimit: 9,
  /**
   * Another process holds the data folder and did not take the command (an older version,
   * one starting or closing, or busy with an import): wait and run it again.
   */
  folderHeld: 10,
  /** submit: not taken, the journal could not be written (say, the disk is full) or the app holding the folder is at its jobs-a-minute cap; nothing was or will be sent. */
  notTaken: 11,
  /** import: nothing in the folder could be imported (no picture in it, or none readable). */
  nothingImported: 12,
  /** A mistake on the command line: an unknown option, a missing or bad value. */
  usage: 64,
  /** import: stopped by Ctrl+C (or SIGTERM); running it again carries on. */
  interrupted: 130
} as const

/** The exit codes with what each means, in main's language, as --help prints them. */
export function exitCodesHelp(): string {
  const rows = Object.entries(EXIT).flatMap(([name, code]) => helpEntry(String(code), tm(`cli:exitCodes.${name as keyof typeof EXIT}`), 6))
  return [tm('cli:exitCodes.title'), ...rows].join('\n')
}
