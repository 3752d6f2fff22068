// Random access to a media file's bytes, from disk or memory, so parsers read only the
// parts they need: library files can be gigabytes and must never be loaded whole.
import { open } from 'node:fs/promises'

export interface ByteSource {
  /** Total length in bytes. */
  readonly size: number
  /** Up to `length` bytes from `offset`; fewer only at the end of the data. */
  read(offset: number, length: number): Promise<Uint8Array>
  close(): Promise<void>
}

export function memorySource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.length,
    read: async (offset, length) => bytes.subarray(Math.max(0, offset), Math.max(0, Math.min(bytes.length, offset + length))),
    close: async () => {}
  }
}

export async function fileSource(path: string): Promise<ByteSource> {
  const handle = await open(path, 'r')
  try {
    const { size } = await handle.stat()
    return {
      size,
      async read(offset, length) {
        const want = Math.max(0, Math.min(length, size - offset))
        const buffer = Buffer.alloc(want)
        let filled = 0
        while (filled < want) {
          const { bytesRead } = await handle.read(buffer, filled, want - filled, offset + filled)
          if (bytesRead === 0) break // the file shrank while we read it
          filled += bytesRead
        }
        return buffer.subarray(0, filled)
      },
      close: () => handle.close()
    }
  } catch (err) {
    await handle.close()
    throw err
  }
}

/** Opens `input` (a path or the bytes themselves), runs `fn`, and always closes it. */
export async function withSource<T>(input: string | Uint8Array, fn: (source: ByteSource) => Promise<T>): Promise<T> {
  const source = typeof input === 'string' ? await fileSource(input) : memorySource(input)
  try {
    return await fn(source)
  } finally {
    await source.close()
  }
}

export function u32be(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) * 0x1000000) + (((bytes[at + 1] ?? 0) << 16) | ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0))
}

export function u64be(bytes: Uint8Array, at: number): number {
  return u32be(bytes, at) * 0x100000000 + u32be(bytes, at + 4)
}

export function u16le(bytes: Uint8Array, at: number): number {
  return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8)
}

export function u32le(bytes: Uint8Array, at: number): number {
  return u16le(bytes, at) + u16le(bytes, at + 2) * 0x10000
}

export function ascii(bytes: Uint8Array, at: number, length: number): string {
  let s = ''
  for (let i = at; i < at + length && i < bytes.length; i++) s += String.fromCharCode(bytes[i] ?? 0)
  return s
}
