// The on-disk line format of a record log. One line per change:
//
//   <crc32 as 8 lowercase hex digits> <op><payload>\n
//
// op is 'P' (payload: the record as JSON) or 'D' (payload: the id as a JSON
// string, a tombstone). The checksum covers everything after the space, so a
// line cut short by a crash, or damaged on disk, fails the check and is
// dropped instead of being read as a different record.
import { crc32 } from 'node:zlib'

const SPACE = 0x20
const OP_PUT = 0x50 // 'P'
const OP_DELETE = 0x44 // 'D'
/** 8 hex digits, a space and the op byte come before the payload. */
const HEADER_BYTES = 10

export type DecodedLine =
  | { kind: 'put'; value: unknown }
  | { kind: 'delete'; id: string }
  | { kind: 'corrupt' }

const CORRUPT: DecodedLine = { kind: 'corrupt' }

function encode(op: 'P' | 'D', payloadJson: string): Buffer {
  const body = op + payloadJson
  // JSON.stringify escapes lone surrogates, so `body` is well-formed UTF-16 and
  // crc32 of the string (taken over its UTF-8 bytes) equals crc32 of what lands
  // on disk.
  const sum = (crc32(body) >>> 0).toString(16).padStart(8, '0')
  return Buffer.from(`${sum} ${body}\n`, 'utf8')
}

/** A full line (with its newline) storing `json`, the JSON text of a record. */
export function encodePut(json: string): Buffer {
  return encode('P', json)
}

/** A full line (with its newline) recording that `id` was deleted. */
export function encodeDelete(id: string): Buffer {
  return encode('D', JSON.stringify(id))
}

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57
  return -1
}

/**
 * Decodes the line in `buf[start, end)`, `end` being the index of its newline.
 * Never throws: anything that does not check out is reported as corrupt.
 */
export function decodeLine(buf: Buffer, start: number, end: number): DecodedLine {
  if (end - start < HEADER_BYTES + 1 || buf[start + 8] !== SPACE) return CORRUPT
  let expected = 0
  for (let i = start; i < start + 8; i++) {
    const digit = hexValue(buf[i] ?? 0)
    if (digit < 0) return CORRUPT
    expected = expected * 16 + digit
  }
  if ((crc32(buf.subarray(start + 9, end)) >>> 0) !== expected) return CORRUPT

  let payload: unknown
  try {
    payload = JSON.parse(buf.toString('utf8', start + HEADER_BYTES, end))
  } catch {
    return CORRUPT
  }
  const op = buf[start + 9]
  if (op === OP_PUT) return { kind: 'put', value: payload }
  if (op === OP_DELETE && typeof payload === 'string') return { kind: 'delete', id: payload }
  return CORRUPT
}
