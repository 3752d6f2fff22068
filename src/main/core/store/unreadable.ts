// Lines a log could not use, held so that compaction never destroys them.
//
// A record that fails validation is usually not garbage: it was written by a
// newer version of the app, or the schema changed under it. Dropping it at the
// next compaction would lose a paid generation for good, so its line is kept
// and written back into the snapshot verbatim. Damaged lines (bad checksum, a
// torn tail) cannot be put back, but their bytes are set aside in a side file
// rather than deleted. Both are held in memory only up to a cap; past it the
// copies are dropped and compaction is refused, leaving every byte in the log.

/** Cap on the bytes of unreadable lines held for compaction. */
const MAX_HELD_BYTES = 64 * 1024 * 1024

export class Unreadable {
  /** Raw lines (with newline) of records whose latest version failed validation, by id. */
  readonly kept = new Map<string, Buffer>()
  /** Raw damaged lines, to move to the side file at the next compaction. */
  damaged: Buffer[] = []
  /** True once the cap was hit: compaction would lose lines, so it is off. */
  overflow = false
  /** Bytes of kept lines: live data, as far as compaction is concerned. */
  keptBytes = 0
  private heldBytes = 0

  constructor(private readonly maxHeldBytes = MAX_HELD_BYTES) {}

  /** Holds a copy of `line`, the newest version of `id`, which could not be validated. */
  keep(id: string, line: Buffer): void {
    this.forget(id)
    if (!this.hold(line.length)) return
    this.kept.set(id, Buffer.from(line))
    this.keptBytes += line.length
  }

  /** Drops the kept line of `id` (a newer valid version or a delete replaces it); returns its size. */
  forget(id: string): number {
    const line = this.kept.get(id)
    if (!line) return 0
    this.kept.delete(id)
    this.heldBytes -= line.length
    this.keptBytes -= line.length
    return line.length
  }

  /** Holds a copy of a line that cannot be decoded at all. */
  damage(line: Buffer): void {
    if (this.hold(line.length)) this.damaged.push(Buffer.from(line))
  }

  /** The damaged lines are safely in the side file now. */
  clearDamaged(): void {
    for (const line of this.damaged) this.heldBytes -= line.length
    this.damaged = []
  }

  private hold(bytes: number): boolean {
    if (this.overflow) return false
    if (this.heldBytes + bytes > this.maxHeldBytes) {
      this.overflow = true
      this.kept.clear()
      this.damaged = []
      this.heldBytes = 0
      this.keptBytes = 0
      return false
    }
    this.heldBytes += bytes
    return true
  }
}
