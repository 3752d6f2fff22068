// Files that begin like media and are not: a signature plus garbage, a picture cut short, a
// PNG whose compressed pixels are damaged while every chunk's CRC holds. What first-bytes
// sniffing takes for a picture, and decoding must refuse.
import { crc32 } from 'node:zlib'
import sharp from 'sharp'

/** `n` bytes of a fixed pattern that is no format's. */
export const garbage = (n: number): Buffer => Buffer.from(Array.from({ length: n }, (_, i) => (i * 73 + 41) % 251))

/** The first `share` of the bytes. */
export const cutShort = (bytes: Buffer, share = 0.6): Buffer => bytes.subarray(0, Math.floor(bytes.length * share))

/** A small real picture with some detail, so that its compressed data is not trivial. */
export function realPicture(format: 'png' | 'jpeg' | 'webp' | 'gif', seed = 1): Promise<Buffer> {
  const circle = `<svg width="120" height="90"><circle cx="${40 + seed * 3}" cy="45" r="30" fill="#e0c040"/></svg>`
  return sharp({ create: { width: 120, height: 90, channels: 3, background: { r: (seed * 37) % 255, g: 110, b: 176 } } })
    .composite([{ input: Buffer.from(circle) }])
    .toFormat(format)
    .toBuffer()
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const head = Buffer.alloc(4)
  head.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([head, body, crc])
}

/** The PNG's chunks with `edit` applied to each one's data, every CRC written afresh. */
export function rewritePng(png: Buffer, edit: (type: string, data: Buffer) => Buffer): Buffer {
  const out = [png.subarray(0, 8)]
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at)
    const type = png.toString('latin1', at + 4, at + 8)
    out.push(pngChunk(type, edit(type, Buffer.from(png.subarray(at + 8, at + 8 + length)))))
    at += 12 + length
  }
  return Buffer.concat(out)
}

/** PNGs that sniffing takes for pictures, each named by what is wrong with it. */
export function lookAlikePngs(png: Buffer): Record<string, Buffer> {
  return {
    'signature + garbage': Buffer.concat([png.subarray(0, 8), garbage(4000)]),
    'header + garbage': Buffer.concat([png.subarray(0, 33), garbage(4000)]),
    'cut short': cutShort(png),
    'corrupt IDAT, valid CRCs': rewritePng(png, (type, data) => (type === 'IDAT' ? Buffer.concat([data.subarray(0, 2), garbage(data.length - 2)]) : data))
  }
}
