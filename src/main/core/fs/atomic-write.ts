// Crash-safe file writes. A reader (or the app after a crash) sees either the
// old file or the complete new one, never a half-written file: the data goes
// to a temp file in the same folder (rename is only atomic within one file
// system), is flushed to disk, and only then renamed over the target. The
// folder itself is then flushed so the rename survives a power cut.
//
// Files are created readable by the user only (0600): what the app writes this
// way (settings, library entries, the legacy webhook secret) is nobody else's
// business on a shared computer.
import { open, rename, unlink } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { basename, dirname, join } from 'node:path'

// Errors some platforms raise when a folder cannot be opened or fsynced
// (Windows refuses to open folders, some network file systems reject fsync).
// There is nothing better to do there, so these are not failures.
const UNSUPPORTED_DIR_SYNC = new Set(['EISDIR', 'EPERM', 'EACCES', 'EINVAL', 'EBADF', 'ENOTSUP', 'ENOSYS'])

export function errorCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string'
    ? err.code
    : undefined
}

/** Flushes a folder's entries (creations, renames, deletions) to disk. */
export async function fsyncDir(dir: string): Promise<void> {
  let handle
  try {
    handle = await open(dir, 'r')
    await handle.sync()
  } catch (err) {
    const code = errorCode(err)
    if (code !== undefined && UNSUPPORTED_DIR_SYNC.has(code)) return
    throw err
  } finally {
    await handle?.close()
  }
}

/** Mode of the files the app creates: read and write for the user only. */
export const PRIVATE_FILE_MODE = 0o600
/** Mode of the folders the app creates. */
export const PRIVATE_DIR_MODE = 0o700

/** A temp name next to `path`, hidden and unique per process and call. */
export function tempPathFor(path: string): string {
  const suffix = `${process.pid}.${randomBytes(6).toString('hex')}.tmp`
  return join(dirname(path), `.${basename(path)}.${suffix}`)
}

/**
 * Replaces `path` with `data` so that after any crash the file holds either
 * its previous contents or all of `data`. With `durable` false nothing is
 * flushed: readers still never see a half-written file, but a crash may
 * leave the previous contents or, on some file systems, an empty file; for
 * data that is cheap to lose and written often.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array, durable = true): Promise<void> {
  await (await stageFileAtomic(path, data, durable)).publish()
}

/** A new version of a file, written in full beside it and not yet in its place. */
export interface StagedFile {
  /** Puts the new version in place (a rename, which needs no room on the disk). */
  publish(): Promise<void>
  /** Drops the new version; the file stays as it was. */
  discard(): Promise<void>
}

/**
 * Writes `data` beside `path`, in full and flushed, without touching `path`: the step of
 * a write that needs room on the disk. Several files staged first and published after
 * (with the index committed in between) change together or, on a full disk, not at all.
 */
export async function stageFileAtomic(path: string, data: string | Uint8Array, durable = true): Promise<StagedFile> {
  const temp = tempPathFor(path)
  const discard = () => unlink(temp).catch(() => undefined)
  try {
    // The temp file becomes the target, so the target gets this mode too,
    // replacing whatever mode an earlier version of the file had.
    const handle = await open(temp, 'wx', PRIVATE_FILE_MODE)
    try {
      await handle.writeFile(data)
      if (durable) await handle.sync()
    } finally {
      await handle.close()
    }
  } catch (err) {
    await discard()
    throw err
  }
  return {
    discard,
    publish: async () => {
      try {
        await rename(temp, path)
      } catch (err) {
        await discard()
        throw err
      }
      if (durable) await fsyncDir(dirname(path))
    }
  }
}
