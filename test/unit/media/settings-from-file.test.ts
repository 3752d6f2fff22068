// A file dropped on the workspace brings its settings back: the full request from a file
// this app saved, or the A1111 fields of a file another tool made.
import { crc32 } from 'node:zlib'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { settingsFromFile } from '../../../src/main/core/app/settings-from-file'
import { embedSettings } from '../../../src/main/core/media/embedded-settings'
import { fileSettingsSchema } from '../../../src/shared/app/file-settings'

/** A PNG with a plain tEXt `parameters` chunk before IEND, as other generators write it. */
function withForeignParameters(png: Buffer, text: string): Buffer {
  const data = Buffer.from(`parameters\0${text}`, 'latin1')
  const chunk = Buffer.alloc(12 + data.length)
  chunk.writeUInt32BE(data.length, 0)
  chunk.write('tEXt', 4, 'latin1')
  data.copy(chunk, 8)
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)) >>> 0, 8 + data.length)
  const iend = png.length - 12
  return Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)])
}

describe('settings from a dropped file', () => {
  it('brings back the full request from a file this app saved', async () => {
    const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#123' } }).jpeg().toBuffer()
    const request = { model: 'i6-1', prompt: 'a quiet harbour', i6Params: { aspect_ratio: '9:16' } }
    const saved = embedSettings(jpeg, { parameters: 'a quiet harbour\nModel: i6-1, Aspect ratio: "9:16"', requestJson: JSON.stringify(request), prompt: request.prompt })!
    expect(settingsFromFile(saved)).toMatchObject({ source: 'mediagen', model: 'i6-1', prompt: 'a quiet harbour', request })
  })

  it('reads A1111 settings from a PNG made by another tool', async () => {
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#321' } }).png().toBuffer()
    const foreign = withForeignParameters(png, 'castle on a hill\nNegative prompt: lowres\nSteps: 30, Sampler: Euler a, CFG scale: 7.5, Seed: 42, Size: 512x768, Model: sd15')
    expect(settingsFromFile(foreign)).toEqual({
      source: 'a1111', model: null, prompt: 'castle on a hill', request: null,
      params: { steps: 30, guidance_scale: 7.5, seed: 42, width: 512, height: 768, negative_prompt: 'lowres' },
      parameters: expect.stringContaining('Seed: 42')
    })
  })

  it('takes no setting named after the prototype from a file', async () => {
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#213' } }).png().toBuffer()
    const foreign = withForeignParameters(png, 'a kite\nSteps: 12, constructor: 5, __proto__: 7, prototype: 1, toString: 3')
    expect(settingsFromFile(foreign)).toMatchObject({ source: 'a1111', params: { steps: 12 } })
    expect(Object.keys(settingsFromFile(foreign)!.params)).toEqual(['steps'])
    const request = '{"model": "i6-1", "prompt": "a kite", "__proto__": {"polluted": true}}'
    const saved = embedSettings(png, { parameters: 'a kite\nModel: i6-1, Steps: 12', requestJson: request, prompt: 'a kite' })!
    expect(settingsFromFile(saved)).toMatchObject({ source: 'a1111', request: null, params: { steps: 12 } })
  })

  it('hands on only finite numbers: what is no plain decimal stays text, for the form to name as not taken', async () => {
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#132' } }).png().toBuffer()
    const huge = '9'.repeat(400)
    const foreign = withForeignParameters(png, `a kite\nSteps: 1e309, CFG scale: NaN, Seed: -1e23, Denoising strength: 0x10, Size: ${huge}x512, Model: sd15`)
    const found = settingsFromFile(foreign)!
    expect(found.params).toEqual({ steps: '1e309', guidance_scale: 'NaN', seed: '-1e23', strength: '0x10', width: huge, height: 512 })
    expect(fileSettingsSchema.safeParse(found).success).toBe(true)
    const plain = settingsFromFile(withForeignParameters(png, 'a kite\nSteps:   12 , Seed: 99999999999999999999999, Model: sd15'))!
    // A decimal is a number, even one past the safe range: the model's schema refuses it later.
    expect(plain.params).toEqual({ steps: 12, seed: 1e23 })
  })

  it("keeps an infinity in a saved request as text, never as a number or a null", async () => {
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#231' } }).png().toBuffer()
    const request = '{"model": "i3-4", "prompt": "a kite", "i3Params": {"steps": 1e309, "guidance": -1e309, "seed": -1e23, "width": "  12 "}}'
    const found = settingsFromFile(embedSettings(png, { parameters: 'a kite\nModel: i3-4, Steps: 12', requestJson: request, prompt: 'a kite' })!)!
    expect(found.request).toEqual({ model: 'i3-4', prompt: 'a kite', i3Params: { steps: 'Infinity', guidance: '-Infinity', seed: -1e23, width: '  12 ' } })
    expect(JSON.parse(JSON.stringify(found))).toEqual(found)
  })

  it('says there is nothing in a file without settings', async () => {
    expect(settingsFromFile(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer())).toBeNull()
    expect(settingsFromFile(Buffer.from('not an image'))).toBeNull()
  })
})
