// Reading EBML, the binary layout of Matroska and WebM: elements are an ID and a size,
// both variable-length integers, followed by the payload.
import type { ByteSource } from './source'

export interface ElementHeader {
  id: number
  /** Payload length, or null for "unknown size" (live recordings write this). */
  size: number | null
  /** Absolute offset of the payload. */
  dataStart: number
}

/** Length in bytes of the variable-length integer starting with `first` (0 if invalid). */
function vintLength(first: number): number {
  for (let length = 1; length <= 8; length++) if (first & (0x80 >> (length - 1))) return length
  return 0
}

/** An element ID at `at` (marker bits kept, as IDs are written in specs), or null. */
export function readId(bytes: Uint8Array, at: number): { id: number; length: number } | null {
  const length = vintLength(bytes[at] ?? 0)
  if (length === 0 || length > 4 || at + length > bytes.length) return null
  let id = 0
  for (let i = 0; i < length; i++) id = id * 256 + (bytes[at + i] ?? 0)
  return { id, length }
}

/** A size (or block track number) at `at` with the marker removed; value null means "unknown". */
export function readSize(bytes: Uint8Array, at: number): { value: number | null; length: number } | null {
  const first = bytes[at] ?? 0
  const length = vintLength(first)
  if (length === 0 || at + length > bytes.length) return null
  let value = first & (0xff >> length)
  let allOnes = value === 0xff >> length
  for (let i = 1; i < length; i++) {
    const b = bytes[at + i] ?? 0
    value = value * 256 + b
    allOnes &&= b === 0xff
  }
  return { value: allOnes ? null : value, length }
}

export function readHeaderAt(bytes: Uint8Array, at: number, base = 0): ElementHeader | null {
  const id = readId(bytes, at)
  if (!id) return null
  const size = readSize(bytes, at + id.length)
  if (!size) return null
  return { id: id.id, size: size.value, dataStart: base + at + id.length + size.length }
}

/** The header of the element at absolute `offset` in `source`, or null at the end or on junk. */
export async function readHeader(source: ByteSource, offset: number): Promise<ElementHeader | null> {
  const head = await source.read(offset, 12) // 4-byte ID + 8-byte size at most
  return readHeaderAt(head, 0, offset)
}

/** The child elements of an in-memory payload; stops at anything malformed or of unknown size. */
export function* children(bytes: Uint8Array, start = 0, end = bytes.length): Generator<{ id: number; data: Uint8Array }> {
  let at = start
  while (at < end) {
    const header = readHeaderAt(bytes, at)
    if (!header || header.size === null || header.dataStart + header.size > end) return
    yield { id: header.id, data: bytes.subarray(header.dataStart, header.dataStart + header.size) }
    at = header.dataStart + header.size
  }
}

export function readUint(data: Uint8Array): number {
  let v = 0
  for (const b of data) v = v * 256 + b
  return v
}

export function readFloat(data: Uint8Array): number | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  if (data.length === 4) return view.getFloat32(0)
  if (data.length === 8) return view.getFloat64(0)
  return null
}

export function readString(data: Uint8Array): string {
  let s = ''
  for (const b of data) {
    if (b === 0) break
    s += String.fromCharCode(b)
  }
  return s
}
