// When the C2PA verifier cannot be loaded, a picture with a manifest is still found and
// still never written into; its entry says it was not verified rather than guessing.
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { crc32 } from 'node:zlib'
import sharp from 'sharp'
import { describe, expect, it, vi } from 'vitest'
import { carrySettings, xmpSidecarPath } from '../../../src/main/core/library/settings-carrier'
import { provenanceOfBytes, VERIFIER_UNAVAILABLE } from '../../../src/main/core/media/provenance'
import { useTempDir } from './helpers'

vi.mock('@contentauth/c2pa-wasm', () => {
  throw new Error('the WebAssembly module is missing')
})

/** A PNG with a `caBX` chunk (its content is no concern of the finder) right after IHDR. */
async function pngWithManifestChunk(): Promise<Buffer> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).png().toBuffer()
  const data = Buffer.from('not checked here')
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write('caBX', 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0)
  const afterIhdr = 8 + 8 + 13 + 4
  return Buffer.concat([png.subarray(0, afterIhdr), head, data, crc, png.subarray(afterIhdr)])
}

describe('Content Credentials without a verifier', () => {
  const dir = useTempDir()

  it('are found, not judged, and the picture keeps its bytes', async () => {
    const picture = await pngWithManifestChunk()
    expect(await provenanceOfBytes(picture)).toEqual({ present: true, valid: null, trusted: false, signer: null, issues: [VERIFIER_UNAVAILABLE] })
    const path = join(dir(), 'signed.png')
    await writeFile(path, picture)
    const settings = { parameters: 'a kite\nSteps: 12', requestJson: '{"model":"i6-1","prompt":"a kite"}', prompt: 'a kite' }
    expect(await carrySettings(path, settings)).toBe('xmp-sidecar')
    expect((await readFile(path)).equals(picture)).toBe(true)
    expect(await readFile(xmpSidecarPath(path), 'utf8')).toContain('a kite')
  })
})
