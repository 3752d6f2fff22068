// Opening a record log: its folder and file made private, a killed compaction's temp
// dropped, the lines replayed, and an unfinished last line cut off (after its bytes are
// kept in the side file) so the next append starts on a line of its own.
import { dirname } from 'node:path'
import { chmod, mkdir, open } from 'node:fs/promises'
import { errorCode, fsyncDir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, removeIfPresent } from './durable-fs'
import { loadLog } from './log-loader'
import type { LoadResult, Validate } from './log-loader'
import { compactionTempPath, saveDamaged } from './snapshot'

/** What the log holds, with the file made ready to be appended to. */
export async function readLogForAppend<T extends { id: string }>(filePath: string, validate: Validate<T> | undefined): Promise<LoadResult<T>> {
  const dir = dirname(filePath)
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
  // A temp file left by a compaction that was killed: the log itself is
  // intact (the rename never happened), so the partial snapshot is dropped.
  await removeIfPresent(compactionTempPath(filePath))

  const created = await createIfMissing(filePath)
  if (created) await fsyncDir(dir)
  // A log made by an earlier version may be readable by others; it is not any more.
  else await chmod(filePath, PRIVATE_FILE_MODE).catch(() => undefined)
  const loaded = await loadLog<T>(filePath, validate)
  if (loaded.tornBytes > 0) await cutUnfinishedLine(filePath, loaded)
  return loaded
}

/**
 * Cuts the unfinished line off, or the next append would be glued to it and be lost along
 * with it. Its bytes go to the side file first; on a disk too full for that, they are held
 * for the side file at the next compaction: a full disk must not keep the log from opening.
 */
async function cutUnfinishedLine<T>(filePath: string, loaded: LoadResult<T>): Promise<void> {
  try {
    await saveDamaged(filePath, loaded.unreadable.damaged)
    loaded.unreadable.clearDamaged()
  } catch {
    // Held in `damaged`; compaction writes them out.
  }
  const handle = await open(filePath, 'r+')
  try {
    await handle.truncate(loaded.goodBytes)
    await handle.datasync()
  } finally {
    await handle.close()
  }
}

async function createIfMissing(filePath: string): Promise<boolean> {
  try {
    const handle = await open(filePath, 'wx', PRIVATE_FILE_MODE)
    await handle.close()
    return true
  } catch (err) {
    if (errorCode(err) === 'EEXIST') return false
    throw err
  }
}
