// The few file-system steps a crash-safe log needs: full writes, folder
// flushes, and tolerant clean-up.
import { open, rm } from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'

// Errors some platforms raise when a folder cannot be opened or fsynced
// (Windows refuses to open folders, some network file systems reject fsync).
// Nothing better can be done there, so these are not failures.
const UNSUPPORTED_DIR_SYNC = new Set(['EISDIR', 'EPERM', 'EACCES', 'EINVAL', 'EBADF', 'ENOTSUP', 'ENOSYS'])

export function errorCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string'
    ? err.code
    : undefined
}

/**
 * Flushes a folder's entries to disk, so that a file created or renamed in it
 * is still there after a power cut (fsync of the file alone does not cover it).
 */
export async function fsyncDir(dir: string): Promise<void> {
  let handle: FileHandle | undefined
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

/** write() may store fewer bytes than asked (signals, quotas); loop until all are written. */
export async function writeFully(handle: FileHandle, data: Buffer): Promise<void> {
  let offset = 0
  while (offset < data.length) {
    const { bytesWritten } = await handle.write(data, offset, data.length - offset, null)
    if (bytesWritten <= 0) throw new Error('write stored no bytes')
    offset += bytesWritten
  }
}

/** Removes a file if it exists; a missing file is not an error. */
export async function removeIfPresent(path: string): Promise<void> {
  await rm(path, { force: true })
}
