// Replays a record log file into memory. The file is read in large chunks and
// split on newline bytes directly: readline and per-line string handling cost
// several times more at 100,000+ lines, and reading in chunks keeps memory at
// one chunk plus the decoded records instead of a copy of the whole file.
import { open } from 'node:fs/promises'
import { decodeLine } from './line-codec'
import { Unreadable } from './unreadable'

const CHUNK_BYTES = 4 * 1024 * 1024
const NEWLINE = 0x0a

/** A live record and the size of the line that stores it (for compaction accounting). */
export interface Slot<T> {
  record: T
  bytes: number
}

export interface LoadResult<T> {
  slots: Map<string, Slot<T>>
  /** Bytes up to the end of the last complete line. */
  goodBytes: number
  /** Bytes after the last newline: a write cut short by a crash. */
  tornBytes: number
  /** Complete lines that failed the checksum or could not be decoded. */
  corrupt: number
  /** Records rejected by the caller's validation. */
  invalid: number
  /** Copies of the lines above, so compaction can carry them over. */
  unreadable: Unreadable
}

export type Validate<T> = (value: unknown) => T | null

function hasStringId(value: unknown): value is { id: string } {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string'
}

/** Applies the caller's validation (a throw counts as a rejection), and in any case insists on a string id. */
export function checkRecord<T extends { id: string }>(value: unknown, validate: Validate<T> | undefined): T | null {
  let checked: unknown = value
  if (validate) {
    try {
      checked = validate(value)
    } catch {
      return null
    }
  }
  return hasStringId(checked) ? (checked as T) : null
}

export async function loadLog<T extends { id: string }>(
  filePath: string,
  validate: Validate<T> | undefined
): Promise<LoadResult<T>> {
  const result: LoadResult<T> = {
    slots: new Map(),
    goodBytes: 0,
    tornBytes: 0,
    corrupt: 0,
    invalid: 0,
    unreadable: new Unreadable()
  }
  const handle = await open(filePath, 'r')
  try {
    let buf = Buffer.allocUnsafe(CHUNK_BYTES)
    let filled = 0
    for (;;) {
      const { bytesRead } = await handle.read(buf, filled, buf.length - filled, null)
      if (bytesRead === 0) break
      filled += bytesRead
      const view = buf.subarray(0, filled)
      let lineStart = 0
      let newline: number
      while ((newline = view.indexOf(NEWLINE, lineStart)) !== -1) {
        applyLine(result, view, lineStart, newline, validate)
        lineStart = newline + 1
      }
      result.goodBytes += lineStart
      const rest = filled - lineStart
      if (lineStart === 0 && filled === buf.length) {
        // One line longer than the buffer: grow it rather than splitting the line.
        const bigger = Buffer.allocUnsafe(buf.length * 2)
        buf.copy(bigger, 0, 0, filled)
        buf = bigger
      } else if (rest > 0) {
        buf.copy(buf, 0, lineStart, filled)
      }
      filled = rest
    }
    result.tornBytes = filled
    if (filled > 0) result.unreadable.damage(buf.subarray(0, filled))
  } finally {
    await handle.close()
  }
  return result
}

function applyLine<T extends { id: string }>(
  result: LoadResult<T>,
  buf: Buffer,
  start: number,
  end: number,
  validate: Validate<T> | undefined
): void {
  if (end === start) return // a blank line (hand-edited file) carries nothing
  const line = decodeLine(buf, start, end)
  const bytes = end - start + 1
  const raw = (): Buffer => buf.subarray(start, end + 1)
  if (line.kind === 'corrupt') {
    result.corrupt++
    result.unreadable.damage(raw())
  } else if (line.kind === 'delete') {
    result.slots.delete(line.id)
    result.unreadable.forget(line.id)
  } else {
    const record = checkRecord(line.value, validate)
    if (record !== null) {
      result.slots.set(record.id, { record, bytes })
      result.unreadable.forget(record.id)
      return
    }
    // An invalid record is skipped, and an earlier valid version of it stays
    // in use ("the last readable write wins"); its line is kept for compaction.
    result.invalid++
    const id = (line.value as { id?: unknown } | null)?.id
    if (typeof id === 'string') result.unreadable.keep(id, raw())
    else result.unreadable.damage(raw())
  }
}
