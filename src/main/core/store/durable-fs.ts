// The few file-system steps a crash-safe log needs: full writes, folder
// flushes, and tolerant clean-up.
import type { FileHandle } from 'node:fs/promises'

export { errorCode, fsyncDir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../fs/atomic-write'
export { removeIfPresent } from '../fs/remove-if-present'

/** write() may store fewer bytes than asked (signals, quotas); loop until all are written. */
export async function writeFully(handle: FileHandle, data: Buffer): Promise<void> {
  let offset = 0
  while (offset < data.length) {
    const { bytesWritten } = await handle.write(data, offset, data.length - offset, null)
    if (bytesWritten <= 0) throw new Error('write stored no bytes')
    offset += bytesWritten
  }
}
