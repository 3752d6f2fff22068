// Tolerant clean-up, used wherever a file may or may not be there (a temp file after a
// crash, a download's part and sidecar): only "it is not there" is tolerated, so a real
// failure to remove (permissions, a folder in its place, a disk error) still surfaces.
import { unlink } from 'node:fs/promises'
import { errorCode } from './atomic-write'

/** Removes a file if it exists; a missing file is not an error. */
export async function removeIfPresent(path: string): Promise<void> {
  try {
    await unlink(path)
  } catch (err) {
    if (errorCode(err) !== 'ENOENT') throw err
  }
}
