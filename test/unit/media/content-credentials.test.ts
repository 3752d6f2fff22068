// Content Credentials: finding a C2PA manifest in a picture's container, verifying it, and
// the saver's rule that a signed picture is never written into (its settings go beside it).
import { spawnSync } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { carrySettings, xmpSidecarPath } from '../../../src/main/core/library/settings-carrier'
import { hasContentCredentials } from '../../../src/main/core/media/content-credentials'
import { embedSettings, readEmbeddedSettings } from '../../../src/main/core/media/embedded-settings'
import { NO_CREDENTIALS, provenanceOfBytes, provenanceOfFile, UNREADABLE } from '../../../src/main/core/media/provenance'
import { readXmpPacket } from '../../../src/main/core/media/xmp-packet'
import { renderImage } from '../../../src/simulator/media'
import { DEMO_CERTIFICATE_CHAIN_PEM } from '../../../src/simulator/signing/demo-certificate'
import { withContentCredentials } from '../../../src/simulator/signing/sign-output'
import { useTempDir } from './helpers'

type ImageFormat = 'png' | 'jpeg' | 'webp'
const FORMATS: ImageFormat[] = ['png', 'jpeg', 'webp']
const SIGNER = 'MediaGen Demo Service (test certificate)'
const SETTINGS = { parameters: 'a kite over the dunes\nSteps: 12, Seed: 7, Model: i6-1', requestJson: JSON.stringify({ model: 'i6-1', prompt: 'a kite over the dunes' }), prompt: 'a kite over the dunes' }

const plain = {} as Record<ImageFormat, Buffer>
const signed = {} as Record<ImageFormat, Buffer>

beforeAll(async () => {
  for (const format of FORMATS) {
    plain[format] = await renderImage({ prompt: 'a kite over the dunes', seed: 7, width: 96, height: 64, format })
    const [out] = await withContentCredentials([{ name: `image-1.${format}`, role: 'image', mime: `image/${format}`, bytes: plain[format] }], 'i6-1')
    signed[format] = out!.bytes
  }
})

/** The byte in the middle of the picture's compressed data: far from every header and from the manifest. */
function flipPixelByte(bytes: Buffer, format: ImageFormat): Buffer {
  const copy = Buffer.from(bytes)
  const marker = { png: 'IDAT', jpeg: '\xff\xda', webp: 'VP8' }[format]
  const at = copy.indexOf(marker, 0, 'latin1') + 40
  copy[at] = (copy[at] ?? 0) ^ 0xff
  return copy
}

describe('finding Content Credentials', () => {
  it.each(FORMATS)('finds the manifest of a signed %s, and none in the same picture unsigned', (format) => {
    expect(hasContentCredentials(signed[format])).toBe(true)
    expect(hasContentCredentials(plain[format])).toBe(false)
    expect(hasContentCredentials(embedSettings(plain[format], SETTINGS)!)).toBe(false)
  })

  it('does not take another APP11 segment of a JPEG for a manifest, and never throws on damaged or foreign bytes', () => {
    // A JPEG XT APP11 segment of another kind: "JP", instance, sequence, then a box that is no C2PA store.
    const box = Buffer.concat([Buffer.from([0, 0, 0, 40]), Buffer.from('jumb', 'latin1'), Buffer.from([0, 0, 0, 32]), Buffer.from('jumd', 'latin1'), Buffer.alloc(24, 7)])
    const payload = Buffer.concat([Buffer.from('JP\0\x01\0\0\0\x01', 'latin1'), box])
    const segment = Buffer.concat([Buffer.from([0xff, 0xeb, 0, payload.length + 2]), payload])
    const jpeg = plain.jpeg
    expect(hasContentCredentials(Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]))).toBe(false)
    for (const bytes of [Buffer.alloc(0), Buffer.from('RIFF\xff\xff\xff\xffWEBPC2P', 'latin1'), signed.png.subarray(0, 40), signed.jpeg.subarray(0, 30)]) {
      expect(() => hasContentCredentials(bytes)).not.toThrow()
    }
  })
})

describe('verifying Content Credentials', () => {
  it.each(FORMATS)('a signed %s verifies, names its signer, and is not trusted without a trust anchor', async (format) => {
    expect(await provenanceOfBytes(signed[format])).toEqual({ present: true, valid: true, trusted: false, signer: SIGNER, issues: [] })
  })

  it('is trusted only when its issuer is given as a trust anchor', async () => {
    const testCa = DEMO_CERTIFICATE_CHAIN_PEM[1]!
    expect(await provenanceOfBytes(signed.png, { trustAnchorsPem: testCa })).toMatchObject({ valid: true, trusted: true })
  })

  it.each(FORMATS)('a %s whose pixels changed after signing is not valid, and says why', async (format) => {
    const found = await provenanceOfBytes(flipPixelByte(signed[format], format))
    expect(found).toMatchObject({ present: true, valid: false, trusted: false })
    expect(found.issues.length).toBeGreaterThan(0)
  })

  it('a manifest that is garbage is present and not valid; a good file after it still verifies', async () => {
    const garbled = Buffer.from(signed.png)
    const at = garbled.indexOf('caBX', 0, 'latin1') + 40
    garbled.fill(0x5a, at, at + 200)
    expect(await provenanceOfBytes(garbled)).toMatchObject({ present: true, valid: false })
    const cut = signed.webp.subarray(0, signed.webp.indexOf('C2PA', 0, 'latin1') + 100)
    expect(await provenanceOfBytes(cut)).toEqual({ present: true, valid: false, trusted: false, signer: null, issues: [UNREADABLE] })
    expect(await provenanceOfBytes(signed.jpeg)).toMatchObject({ valid: true })
  })

  it('a picture with no manifest, and a file that is no picture, have none', async () => {
    expect(await provenanceOfBytes(plain.png)).toEqual(NO_CREDENTIALS)
    expect(await provenanceOfBytes(Buffer.from('RIFF....WAVEfmt '))).toEqual(NO_CREDENTIALS)
  })
})

describe('saving settings with a signed picture', () => {
  const dir = useTempDir()

  it.each(FORMATS)('leaves a signed %s byte for byte as it was and writes its settings to <file>.xmp', async (format) => {
    const path = join(dir(), `signed.${format}`)
    await writeFile(path, signed[format])
    expect(await carrySettings(path, SETTINGS)).toBe('xmp-sidecar')
    expect((await readFile(path)).equals(signed[format])).toBe(true)
    const sidecar = readXmpPacket(await readFile(xmpSidecarPath(path), 'utf8'))
    expect(sidecar).toMatchObject({ parameters: SETTINGS.parameters, requestJson: SETTINGS.requestJson })
    expect((await provenanceOfFile(path)).valid).toBe(true)
    // Again: the same, nothing added.
    expect(await carrySettings(path, SETTINGS)).toBe('xmp-sidecar')
    expect((await readFile(path)).equals(signed[format])).toBe(true)
  })

  it('writes a sidecar that exiftool reads', async (ctx) => {
    const path = join(dir(), 'read-by-exiftool.png')
    await writeFile(path, signed.png)
    await carrySettings(path, SETTINGS)
    const exiftool = spawnSync('exiftool', ['-s3', '-Parameters', '-Description', xmpSidecarPath(path)], { encoding: 'utf8' })
    if (exiftool.error) return ctx.skip(`exiftool is not installed (Debian: libimage-exiftool-perl): ${exiftool.error.message}`)
    expect(exiftool.stdout).toContain('Seed: 7')
    expect(exiftool.stdout).toContain('a kite over the dunes')
  })

  it('gives back the signed bytes of a file an earlier version wrote settings into', async () => {
    const path = join(dir(), 'written-into.png')
    await writeFile(path, embedSettings(signed.png, SETTINGS)!)
    expect((await provenanceOfFile(path)).valid).toBe(false)
    expect(await carrySettings(path, SETTINGS)).toBe('xmp-sidecar')
    expect((await readFile(path)).equals(signed.png)).toBe(true)
    expect(await provenanceOfFile(path)).toMatchObject({ valid: true, issues: [] })
  })

  it('still writes settings into an unsigned picture', async () => {
    const path = join(dir(), 'plain.png')
    await writeFile(path, plain.png)
    expect(await carrySettings(path, SETTINGS)).toBe('embedded')
    expect(readEmbeddedSettings(await readFile(path))?.parameters).toBe(SETTINGS.parameters)
  })
})
