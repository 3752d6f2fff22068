// A download file system that fails on purpose: the real calls, except that a chosen
// step (open, write, sync, rename) throws a chosen errno for the files a rule picks,
// until the fault is healed. Reports how often each fault fired.
import { realDownloadFs, type DownloadFs } from '../../../src/main/core/downloads/download-fs'

export type FsStep = 'open' | 'write' | 'sync' | 'rename'

export interface FsFault {
  step: FsStep
  code: string
}

function errno(code: string, step: FsStep, path: string): Error {
  return Object.assign(new Error(`${code}: injected failure, ${step} '${path}'`), { code, syscall: step, path })
}

export class FailingFs {
  healed = false
  readonly fired = new Map<string, number>()
  private readonly pathOfFd = new Map<number, string>()

  /** `pick` chooses the fault for a file (by its path), or none. */
  constructor(private readonly pick: (path: string) => FsFault | null) {}

  private check(step: FsStep, path: string): void {
    if (this.healed) return
    const fault = this.pick(path)
    if (fault?.step !== step) return
    const key = `${fault.code}@${step}`
    this.fired.set(key, (this.fired.get(key) ?? 0) + 1)
    throw errno(fault.code, step, path)
  }

  readonly fs: DownloadFs = {
    open: async (path, flags) => {
      this.check('open', path)
      const handle = await realDownloadFs.open(path, flags)
      this.pathOfFd.set(handle.fd, path)
      return handle
    },
    writev: (fd, chunks, position) => {
      this.check('write', this.pathOfFd.get(fd) ?? '')
      return realDownloadFs.writev(fd, chunks, position)
    },
    sync: async (handle, kind) => {
      this.check('sync', this.pathOfFd.get(handle.fd) ?? '')
      return realDownloadFs.sync(handle, kind)
    },
    rename: async (from, to) => {
      this.check('rename', from)
      return realDownloadFs.rename(from, to)
    },
    freeBytes: (dir) => realDownloadFs.freeBytes(dir)
  }
}
