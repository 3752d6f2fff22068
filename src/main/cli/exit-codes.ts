// The command line's exit codes: a script tells what happened from the code alone. The
// same table is printed by --help and shown in the README.
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

export const EXIT_CODES_HELP = `Exit codes:
  0   done: submitted, or everything synced and saved
  1   unexpected failure (the message says what)
  2   submit: the service refused the request
  3   submit: journaled but not answered; sync sends it again with the same key
  4   sync: timed out with work left (every job waited on is named, with why)
  5   sync: the service purged an output before it could be saved
  6   the service could not be reached; nothing is lost, run the command again later
  7   the service rejected the API key
  8   submit: the Idempotency-Key was already used for another request
  9   submit: over a spending limit (the message names it), or above the ask-first
      threshold without --yes; nothing was sent
  10  folder held by pid N, which did not take the command: wait, then run it again
  11  submit: not taken (the disk is full, or the app's jobs-a-minute cap was reached);
      nothing was or will be sent
  12  import: nothing in the folder could be imported (no picture, or none readable)
  64  usage error: an unknown option, a missing or bad value
  130 import: stopped by Ctrl+C; run it again to carry on`
