// Waits for disk space to come back. While the library's disk is full the
// save queue is paused (every download would fail the same way); this looks
// at the free space every few seconds and says when there is room again for
// the largest download that asked for it.
import type { DownloadFs } from '../downloads/download-fs'

// When a download could not say how much it needs (no Content-Length, or
// ENOSPC from a write), this much free space counts as "space came back".
const DEFAULT_NEEDED = 16 << 20

export class DiskSpaceWait {
  private timer: NodeJS.Timeout | null = null
  private needed = 0
  private checking = false

  constructor(
    private readonly dir: string,
    private readonly fs: Pick<DownloadFs, 'freeBytes'>,
    private readonly onSpace: () => void,
    private readonly everyMs = 2_000
  ) {}

  get waiting(): boolean {
    return this.timer !== null
  }

  /** Starts (or keeps) watching until `neededBytes` are free. */
  start(neededBytes: number | undefined): void {
    this.needed = Math.max(this.needed, neededBytes ?? DEFAULT_NEEDED)
    if (this.timer) return
    this.timer = setInterval(() => void this.check(), this.everyMs)
    this.timer.unref?.()
  }

  // One look at a time: a slow statfs must not let an older look end a newer watch.
  private async check(): Promise<void> {
    if (this.checking) return
    this.checking = true
    try {
      const free = await this.fs.freeBytes(this.dir).catch(() => 0)
      if (free < this.needed || !this.timer) return
      this.stop()
      this.onSpace()
    } finally {
      this.checking = false
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    this.needed = 0
  }
}
