// A disk with room for so many more bytes, as a full disk behaves: a write that fits is
// stored, one that does not stores what fits (a half line), and the next fails with
// ENOSPC. It applies to every write through a `FileHandle` of this process (the record
// logs write that way), until `free()`; `restore()` puts the real write back.
import { open, rm, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import { vi } from 'vitest'

type Write = FileHandle['write']

export interface DiskBudget {
  /** From now on, this many more bytes fit. */
  roomFor(bytes: number): void
  /** Space returns: every write fits again. */
  free(): void
  restore(): void
}

function noSpace(): Error {
  return Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write', errno: -28 })
}

/** `dir`: a folder of the test's, where a file is opened once to reach FileHandle's write. */
export async function diskBudget(dir: string): Promise<DiskBudget> {
  const probePath = join(dir, 'disk-budget-probe')
  const probe = await open(probePath, 'w')
  const proto = Object.getPrototypeOf(probe) as { write: Write }
  await probe.close()
  await rm(probePath)
  const real = proto.write
  let room = Infinity
  const spy = vi.spyOn(proto, 'write').mockImplementation(function (this: FileHandle, ...args: unknown[]) {
    const [data, offset, length, position] = args as [Buffer, number, number, number | null]
    if (!Buffer.isBuffer(data) || typeof length !== 'number' || length <= room) {
      if (Number.isFinite(room) && Buffer.isBuffer(data)) room -= typeof length === 'number' ? length : data.length
      return (real as (...a: unknown[]) => ReturnType<Write>).apply(this, args)
    }
    if (room <= 0) return Promise.reject(noSpace())
    const fits = room
    room = 0
    return (real as (...a: unknown[]) => ReturnType<Write>).call(this, data, offset, fits, position)
  } as Write)
  return {
    roomFor: (bytes) => void (room = Math.floor(bytes)),
    free: () => void (room = Infinity),
    restore: () => spy.mockRestore()
  }
}
