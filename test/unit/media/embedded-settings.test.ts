// Saved files carry their generation settings: inside PNG, JPEG and WebP images (read
// back by exiftool, as other tools would), in a sidecar for video and audio; and what the
// app adds comes out again exactly, so the bytes the service sent are kept.
import { spawnSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { embedSettings, readEmbeddedSettings, stripEmbeddedSettings } from '../../../src/main/core/media/embedded-settings'
import { Engine } from '../../../src/main/core/engine'
import { startSimulator, type Simulator } from '../../../src/simulator'
import { formatA1111, parseA1111 } from '../../../src/shared/app/a1111'
import { savedFileSha256 } from '../support/saved-file'

const settings = {
  parameters: formatA1111({ prompt: 'a fox, "red" <bold>\nsecond line', model: 'i3-4', params: { seed: 1234, steps: 28, negative_prompt: 'blurry, text', aspect_ratio: '4:3', width: 40, height: 30 } }),
  requestJson: JSON.stringify({ model: 'i3-4', prompt: 'a fox', i3Params: { seed: 1234 } }),
  prompt: 'a fox, "red" <bold>\nsecond line'
}

async function images(): Promise<[string, Buffer][]> {
  const base = sharp({ create: { width: 40, height: 30, channels: 3, background: '#a52' } })
  const alpha = sharp({ create: { width: 20, height: 10, channels: 4, background: { r: 1, g: 2, b: 3, alpha: 0.5 } } })
  return [
    ['png', await base.clone().png().toBuffer()],
    ['jpeg', await base.clone().jpeg().toBuffer()],
    ['lossy webp', await base.clone().webp().toBuffer()],
    ['lossless webp', await base.clone().webp({ lossless: true }).toBuffer()],
    ['webp with alpha', await alpha.webp().toBuffer()],
    ['extended webp', await alpha.clone().webp().withExif({ IFD0: { Copyright: 'x' } }).toBuffer()]
  ]
}

describe('settings inside image files', () => {
  it('go in, read back, come out exactly, and are replaced rather than doubled', async () => {
    for (const [kind, original] of await images()) {
      const withSettings = embedSettings(original, settings)!
      expect(withSettings, kind).not.toBeNull()
      expect(stripEmbeddedSettings(withSettings).equals(original), `${kind}: stripping gives back the original bytes`).toBe(true)
      expect(readEmbeddedSettings(withSettings), kind).toEqual({ parameters: settings.parameters, requestJson: settings.requestJson })
      const changed = { ...settings, requestJson: '{"model":"i3-4"}' }
      // Written again over its own settings: the same as writing into the original once.
      expect(embedSettings(withSettings, changed)!.equals(embedSettings(original, changed)!), `${kind}: replaced, not added`).toBe(true)
      // Still a valid image of the same size.
      const meta = await sharp(withSettings).metadata()
      expect([meta.width, meta.height], kind).toEqual([(await sharp(original).metadata()).width, (await sharp(original).metadata()).height])
    }
  })

  it('put the A1111 text in EXIF UserComment of JPEG and WebP, where A1111 reads it, leaving the file\'s own EXIF alone', async (ctx) => {
    const read = (bytes: Buffer, tag: string) => spawnSync('exiftool', ['-b', `-${tag}`, '-'], { input: bytes, encoding: 'utf8' })
    if (read(Buffer.alloc(0), 'UserComment').error) return ctx.skip('exiftool is not installed (Debian: libimage-exiftool-perl)')
    for (const [kind, original] of await images()) {
      if (kind === 'png') continue
      const withSettings = embedSettings(original, settings)!
      if (kind === 'extended webp') {
        expect(read(withSettings, 'UserComment').stdout, kind).toBe('')
        expect(read(withSettings, 'Copyright').stdout, kind).toBe('x')
      } else expect(read(withSettings, 'UserComment').stdout, kind).toBe(settings.parameters)
    }
  })

  it('reads A1111 text written by other tools', () => {
    const foreign = 'masterpiece, castle on a hill\nNegative prompt: lowres, bad anatomy\nSteps: 30, Sampler: DPM++ 2M Karras, CFG scale: 7, Seed: 42, Size: 512x768, Model hash: 6ce0161689, Model: v1-5-pruned'
    expect(parseA1111(foreign)).toEqual({
      prompt: 'masterpiece, castle on a hill',
      negativePrompt: 'lowres, bad anatomy',
      fields: { Steps: '30', Sampler: 'DPM++ 2M Karras', 'CFG scale': '7', Seed: '42', Size: '512x768', 'Model hash': '6ce0161689', Model: 'v1-5-pruned' }
    })
    expect(parseA1111('just a caption, no settings')).toBeNull()
    expect(parseA1111(settings.parameters)).toMatchObject({ prompt: settings.prompt, negativePrompt: 'blurry, text', fields: { Seed: '1234', Steps: '28', Model: 'i3-4', 'Aspect ratio': '4:3' } })
  })
})

describe('saved outputs', () => {
  let dir: string
  let sim: Simulator
  let engine: Engine
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'settings-in-files-'))
    sim = await startSimulator({ port: 0, speed: 20, dataDir: join(dir, 'service') })
    engine = new Engine({ dataDir: join(dir, 'engine'), baseUrl: sim.url, legacyBaseUrl: sim.legacyUrl, apiKey: () => sim.apiKey, webhooks: { mode: 'off' } })
    await engine.start()
  })
  afterAll(async () => {
    await engine?.close()
    await sim?.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('carry their prompt and seed (exiftool reads them from a saved PNG), and keep the CDN bytes within', async (ctx) => {
    const record = await engine.submit({ model: 'i3-4', prompt: 'a lighthouse at dusk', i3Params: { seed: 1234, steps: 12, width: 512, height: 768, output_format: 'png' } })
    const music = await engine.submit({ model: 'm1-1', prompt: 'calm piano', m1Params: { duration_seconds: 5 } })
    await engine.settle(60_000)
    const image = engine.getEntry(record.jobId!)!.files[0]!
    const path = (await engine.resolveLibraryFile(image.path!))!
    expect(await savedFileSha256(path)).toBe(image.sha256)
    // Size is the size asked for, not the file's (the demo service renders smaller files).
    expect(readEmbeddedSettings(await readFile(path))?.parameters).toMatch(/^a lighthouse at dusk\nSteps: 12, Seed: 1234, Size: 512x768, Model: i3-4, .*Version: MediaGen Studio /)

    const track = engine.getEntry(music.jobId!)!.files[0]!
    const sidecar = JSON.parse(await readFile(`${(await engine.resolveLibraryFile(track.path!))!}.settings.json`, 'utf8')) as { request: { prompt: string } }
    expect(sidecar.request.prompt).toBe('calm piano')

    const exiftool = spawnSync('exiftool', ['-s3', '-Parameters', path], { encoding: 'utf8' })
    if (exiftool.error) return ctx.skip(`exiftool is not installed (Debian: libimage-exiftool-perl): ${exiftool.error.message}`)
    expect(exiftool.stdout).toContain('a lighthouse at dusk')
    expect(exiftool.stdout).toContain('Seed: 1234')
    expect(exiftool.stdout).toContain('Size: 512x768')
  })
})
