// Puts an imported picture's bytes into the library and proves the copy: written to a
// temp name beside its place, flushed, read back and hashed, and only then renamed to its
// place (and the folder flushed). A copy that does not match is removed and never named.
// Temps have the crash-safe writes' name (`.<name>.<pid>.<random>.tmp`), so one left by a
// kill is cleared by the next import of the same picture, or by the library's repair.
import { createHash } from 'node:crypto'
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { PRIVATE_FILE_MODE, tempPathFor } from '../fs/atomic-write'

export class CopyMismatchError extends Error {}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/** A crash-safe write's temp (see fs/atomic-write): `.<name>.<pid>.<random>.tmp`. */
const TEMP_NAME = /^\..+\.(\d+)\.[0-9a-f]+\.tmp$/

/**
 * Removes the temps earlier, ended processes left in `dir` (a copy, an entry or a
 * thumbnail cut short): the import holds the data folder, so no other live process writes there.
 */
export async function clearStaleTemps(dir: string): Promise<void> {
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const m = TEMP_NAME.exec(name)
    if (m && Number(m[1]) !== process.pid) await rm(join(dir, name), { force: true })
  }
}

/** Writes `bytes` to `final` through a verified temp; throws CopyMismatchError when the copy differs. */
export async function placeVerified(bytes: Buffer, expectedSha256: string, final: string): Promise<void> {
  await mkdir(dirname(final), { recursive: true })
  await clearStaleTemps(dirname(final))
  const temp = tempPathFor(final)
  try {
    const handle = await open(temp, 'wx', PRIVATE_FILE_MODE)
    try {
      await handle.writeFile(bytes)
      await handle.sync()
    } finally {
      await handle.close()
    }
    if (sha256(await readFile(temp)) !== expectedSha256) throw new CopyMismatchError(`The copy of ${basename(final)} differs from the original`)
    await rename(temp, final)
  } catch (err) {
    await rm(temp, { force: true })
    throw err
  }
  // The folder is not flushed here: the entry written next beside the copy flushes it (the
  // rename with it) before the entry counts. Lost to a crash before that, the rename is
  // found missing by the next import, which copies the original again.
}
