// The files a compaction writes: the snapshot of live records (renamed over the
// log by the caller) and the side file that receives damaged lines.
import { open } from 'node:fs/promises'
import { dirname } from 'node:path'
import { fsyncDir, PRIVATE_FILE_MODE, writeFully } from './durable-fs'
import { encodePut } from './line-codec'
import type { Slot } from './log-loader'

/** Lines are gathered into writes of about this size: few syscalls, bounded memory. */
const WRITE_BYTES = 1024 * 1024
const NEWLINE = Buffer.from('\n')

/** Where a compaction writes its snapshot before the rename. */
export function compactionTempPath(filePath: string): string {
  return `${filePath}.compacting`
}

/** Where lines that could not be decoded are set aside. */
export function damagedPath(filePath: string): string {
  return `${filePath}.damaged`
}

/**
 * Writes every slot's record, then the `kept` raw lines, to `path` (replacing
 * it), fsyncs and closes it. Kept lines go last so that, for an id with both,
 * replaying the snapshot ends the same way as replaying the old log. Updates
 * each slot's byte count to its new line and returns the file size.
 */
export async function writeSnapshot<T>(path: string, slots: Map<string, Slot<T>>, kept: Iterable<Buffer>): Promise<number> {
  // The snapshot is renamed over the log, so it is made as private as the log.
  const handle = await open(path, 'w', PRIVATE_FILE_MODE)
  let total = 0
  try {
    let pending: Buffer[] = []
    let pendingBytes = 0
    const add = async (line: Buffer): Promise<void> => {
      pending.push(line)
      pendingBytes += line.length
      if (pendingBytes < WRITE_BYTES) return
      await writeFully(handle, Buffer.concat(pending, pendingBytes))
      total += pendingBytes
      pending = []
      pendingBytes = 0
    }
    for (const slot of slots.values()) {
      // Encoded afresh: validation on load or put may have reshaped the record,
      // so the old line is not necessarily what the record is now.
      const line = encodePut(JSON.stringify(slot.record))
      slot.bytes = line.length
      await add(line)
    }
    for (const line of kept) await add(line)
    if (pendingBytes > 0) await writeFully(handle, Buffer.concat(pending, pendingBytes))
    total += pendingBytes
    await handle.sync()
  } finally {
    await handle.close()
  }
  return total
}

/** Appends `lines` to the side file durably, each ending in a newline. */
export async function saveDamaged(filePath: string, lines: Buffer[]): Promise<void> {
  if (lines.length === 0) return
  const parts: Buffer[] = []
  for (const line of lines) {
    parts.push(line)
    if (line[line.length - 1] !== 0x0a) parts.push(NEWLINE)
  }
  const path = damagedPath(filePath)
  const handle = await open(path, 'a', PRIVATE_FILE_MODE)
  try {
    await writeFully(handle, Buffer.concat(parts))
    await handle.sync()
  } finally {
    await handle.close()
  }
  await fsyncDir(dirname(path))
}
