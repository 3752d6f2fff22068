// The demo service's outputs must be real media: Chromium (the engine the app displays
// them with) has to load, play and seek the WebM video, play the WAV and decode the image.
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'
import { renderAudio, renderImage, renderVideo } from '../../src/simulator/media'

interface MediaElement { readyState: number; duration: number; currentTime: number; muted: boolean; play(): Promise<void> }
interface VideoElement extends MediaElement { videoWidth: number; videoHeight: number }
interface ImageElement { naturalWidth: number; naturalHeight: number; decode(): Promise<void> }

const files = new Map<string, { type: string; body: Buffer }>()
let server: Server
let origin = ''

test.beforeAll(async () => {
  files.set('/clip.webm', { type: 'video/webm', body: await renderVideo({ prompt: 'Playback check', seed: 1, width: 1280, height: 720, durationSeconds: 4 }) })
  files.set('/tune.wav', { type: 'audio/wav', body: renderAudio({ prompt: 'Playback check', seed: 1, durationSeconds: 3 }) })
  files.set('/picture.png', { type: 'image/png', body: await renderImage({ prompt: 'Playback check', seed: 1, width: 640, height: 360, format: 'png' }) })
  files.set('/', {
    type: 'text/html',
    body: Buffer.from('<!doctype html><meta charset="utf-8"><video src="/clip.webm" muted preload="auto"></video>'
      + '<audio src="/tune.wav" preload="auto"></audio><img src="/picture.png" alt="">')
  })
  // Byte ranges as a real file server gives them: Chromium needs them to seek.
  server = createServer((req, res) => {
    const file = files.get(req.url ?? '')
    if (!file) {
      res.writeHead(404).end()
      return
    }
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '')
    if (range) {
      const start = Number(range[1])
      const end = range[2] ? Math.min(Number(range[2]), file.body.length - 1) : file.body.length - 1
      res.writeHead(206, {
        'content-type': file.type, 'accept-ranges': 'bytes',
        'content-range': `bytes ${start}-${end}/${file.body.length}`, 'content-length': end - start + 1
      }).end(file.body.subarray(start, end + 1))
      return
    }
    res.writeHead(200, { 'content-type': file.type, 'accept-ranges': 'bytes', 'content-length': file.body.length }).end(file.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

test('Chromium plays and seeks the demo WebM video', async ({ page }) => {
  await page.goto(`${origin}/`)
  const video = page.locator('video')
  await expect.poll(() => video.evaluate((el) => (el as unknown as VideoElement).readyState)).toBeGreaterThanOrEqual(2)
  const info = await video.evaluate((el) => {
    const v = el as unknown as VideoElement
    return { duration: v.duration, width: v.videoWidth, height: v.videoHeight }
  })
  expect(info.duration).toBeCloseTo(4, 1)
  expect(info).toMatchObject({ width: 320, height: 180 })

  await video.evaluate((el) => (el as unknown as VideoElement).play())
  await expect.poll(() => video.evaluate((el) => (el as unknown as VideoElement).currentTime)).toBeGreaterThan(0.5)

  await video.evaluate((el) => {
    (el as unknown as VideoElement).currentTime = 3
  })
  await expect.poll(() => video.evaluate((el) => (el as unknown as VideoElement).currentTime)).toBeGreaterThanOrEqual(3)
})

test('Chromium plays the demo WAV', async ({ page }) => {
  await page.goto(`${origin}/`)
  const audio = page.locator('audio')
  await expect.poll(() => audio.evaluate((el) => (el as unknown as MediaElement).readyState)).toBeGreaterThanOrEqual(2)
  expect(await audio.evaluate((el) => (el as unknown as MediaElement).duration)).toBeCloseTo(3, 2)
  await audio.evaluate((el) => {
    const a = el as unknown as MediaElement
    a.muted = true
    return a.play()
  })
  await expect.poll(() => audio.evaluate((el) => (el as unknown as MediaElement).currentTime)).toBeGreaterThan(0.2)
})

test('Chromium decodes the demo image', async ({ page }) => {
  await page.goto(`${origin}/`)
  const size = await page.locator('img').evaluate(async (el) => {
    const img = el as unknown as ImageElement
    await img.decode()
    return { width: img.naturalWidth, height: img.naturalHeight }
  })
  expect(size).toEqual({ width: 640, height: 360 })
})
