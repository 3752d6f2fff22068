// One engine per data folder. The journal, the library index and the
// downloads' .part files each assume a single writer: two processes sharing a
// folder (a `sync` while the app runs, two `sync`s) would interleave bytes in
// one .part, rename each other's files away and compact each other's logs.
// So an engine owns its folder through a lock, and a second one waits.
//
// The lock is proper-lockfile's: a directory created atomically, kept fresh
// by touching it, and taken over once it goes stale, so a SIGKILLed owner
// holds the folder for at most `staleMs`. Beside it the owner writes its host,
// pid, the lock directory's inode and when it took the lock, so that an owner on
// this machine that is known to be dead (a crash, a SIGKILL) is taken over at
// once instead of after `staleMs` (the inode ties the record to that lock, not
// to an older one), and so that a process refused the folder can say who has it.
import { check, lock } from 'proper-lockfile'
import { readFile, rmdir, stat, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'

export interface FolderLockOptions {
  /** Give up waiting after this long (default: wait as long as it takes). */
  waitMs?: number
  /** Told once, when the folder turns out to be in use, before waiting. */
  onWait?: () => void
  /** The lock was lost (taken over after this process stalled past `staleMs`). */
  onLost?: (err: Error) => void
  staleMs?: number
  /** Stops the wait: the promise rejects with the signal's reason. */
  signal?: AbortSignal
  /**
   * The disk is too full to hold even the lock's folder. Given this, the caller goes on
   * without the lock (refusing to start would leave every waiting output unsaved; going
   * on risks only a second process on the folder) and is told through it.
   */
  onNoRoom?: () => void
}

/** Who holds a folder, as its lock's record says. */
export interface FolderHolder {
  host: string
  pid: number
  /** When it took the folder, if its record says. */
  since: Date | null
}

export class FolderBusyError extends Error {
  readonly code = 'EFOLDERBUSY'
  constructor(readonly dir: string, readonly holder: FolderHolder | null = null) {
    super(`Another MediaGen Studio process${describeHolder(holder)} is using ${dir}; close it or wait for it to finish, then try again`)
  }
}

function describeHolder(holder: FolderHolder | null): string {
  if (!holder) return ''
  const where = holder.host === hostname() ? '' : ` on ${holder.host}`
  const since = holder.since ? `, since ${holder.since.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}` : ''
  return ` (pid ${holder.pid}${where}${since})`
}

const DEFAULT_STALE_MS = 10_000

/** Takes the folder's lock, waiting while another live process holds it. Resolves with the release. */
export async function lockFolder(dir: string, opts: FolderLockOptions = {}): Promise<() => Promise<void>> {
  const giveUpAt = opts.waitMs === undefined ? Infinity : Date.now() + opts.waitMs
  let told = false
  const lockPath = join(dir, 'owner.lock')
  const ownerPath = join(dir, 'owner.pid')
  for (;;) {
    try {
      const release = await lock(dir, {
        lockfilePath: lockPath,
        realpath: false,
        stale: opts.staleMs ?? DEFAULT_STALE_MS,
        onCompromised: (err) => opts.onLost?.(err)
      })
      const ino = await stat(lockPath).then((s) => s.ino, () => 0)
      await writeFile(ownerPath, `${hostname()} ${process.pid} ${ino} ${new Date().toISOString()}`).catch(() => undefined)
      return () => release().catch(() => undefined)
    } catch (err) {
      const code = (err as { code?: string }).code
      if ((code === 'ENOSPC' || code === 'EDQUOT') && opts.onNoRoom) {
        opts.onNoRoom()
        return async () => undefined
      }
      if (code !== 'ELOCKED') throw err
      if (await ownerIsDead(ownerPath, lockPath)) {
        // Gone without releasing: take over now. rmdir, not rm -r: a lock directory
        // is always empty, so anything else there is left alone.
        await rmdir(lockPath).catch(() => undefined)
        continue
      }
      if (Date.now() >= giveUpAt) throw new FolderBusyError(dir, await readHolder(ownerPath, lockPath))
      if (!told) {
        told = true
        opts.onWait?.()
      }
      await delay(Math.min(500, Math.max(0, giveUpAt - Date.now())), undefined, opts.signal ? { signal: opts.signal } : {})
    }
  }
}

async function readOwnerRecord(ownerPath: string): Promise<(FolderHolder & { ino: string }) | null> {
  const text = await readFile(ownerPath, 'utf8').catch(() => '')
  const [host, pidText, ino = '', sinceText] = text.trim().split(' ')
  const pid = Number(pidText)
  if (!host || !Number.isInteger(pid) || pid <= 0) return null
  const since = sinceText ? new Date(sinceText) : null
  return { host, pid, ino, since: since && !Number.isNaN(since.getTime()) ? since : null }
}

/** The lock's holder, when the record beside it is that lock's (not an earlier one's). */
async function readHolder(ownerPath: string, lockPath: string): Promise<FolderHolder | null> {
  const record = await readOwnerRecord(ownerPath)
  const ino = await stat(lockPath).then((s) => String(s.ino), () => '')
  return record && record.ino === ino ? { host: record.host, pid: record.pid, since: record.since } : null
}

/** Who holds the folder, as its lock's record says (null when the record is missing or of an earlier lock). */
export function folderHolder(dir: string): Promise<FolderHolder | null> {
  return readHolder(join(dir, 'owner.pid'), join(dir, 'owner.lock'))
}

/** True when the lock's recorded owner ran on this machine and its process no longer exists. */
async function ownerIsDead(ownerPath: string, lockPath: string): Promise<boolean> {
  const record = await readOwnerRecord(ownerPath)
  if (!record || record.host !== hostname() || record.pid === process.pid) return false
  const { pid, ino: inoText } = record
  // A record of an earlier lock says nothing of the one there now.
  const ino = await stat(lockPath).then((s) => s.ino, () => -1)
  if (String(ino) !== inoText) return false
  try {
    process.kill(pid, 0)
    return false
  } catch (err) {
    return (err as { code?: string }).code === 'ESRCH'
  }
}

/**
 * Whether a live process holds the folder now, for a reader that does not wait for it
 * (a listing of the library). Never takes the lock.
 */
export async function folderHeld(dir: string, staleMs = DEFAULT_STALE_MS): Promise<boolean> {
  const lockPath = join(dir, 'owner.lock')
  const held = await check(dir, { lockfilePath: lockPath, realpath: false, stale: staleMs }).catch(() => false)
  return held && !(await ownerIsDead(join(dir, 'owner.pid'), lockPath))
}
