// The file-system calls a download makes, behind one seam. The real ones are
// the default; tests hand in versions that fail with EIO, EACCES, ENOENT or
// ENOSPC at a chosen step (open, write, sync, rename) to prove that no such
// failure loses an output.
import { statfs, writevSync } from 'node:fs'
import { open, rename } from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import { promisify } from 'node:util'

const statfsAsync = promisify(statfs)

export interface DownloadFs {
  open(path: string, flags: 'w' | 'r+'): Promise<FileHandle>
  /** Positioned, synchronous write (see PartWriter for why it is synchronous). */
  writev(fd: number, chunks: Buffer[], position: number): number
  /** `data`: fdatasync (the bytes); `full`: fsync (bytes and size). */
  sync(handle: FileHandle, kind: 'data' | 'full'): Promise<void>
  rename(from: string, to: string): Promise<void>
  /** Bytes an unprivileged writer may still use on the disk holding `dir`. */
  freeBytes(dir: string): Promise<number>
}

export const realDownloadFs: DownloadFs = {
  open: (path, flags) => open(path, flags),
  writev: (fd, chunks, position) => writevSync(fd, chunks, position),
  sync: (handle, kind) => (kind === 'data' ? handle.datasync() : handle.sync()),
  rename: (from, to) => rename(from, to),
  freeBytes: async (dir) => {
    const s = await statfsAsync(dir)
    return Number(s.bavail) * Number(s.bsize)
  }
}
