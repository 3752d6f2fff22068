// The page's "Repair library": main rebuilds the library from its files, answers with the
// report, tells the user in one notice, and takes no input from the page.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'
import { embedSettings } from '../../../src/main/core/media/embedded-settings'
import { startTestController, type TestApp } from '../support/test-controller'

let dir: string
let app: TestApp | undefined
afterEach(async () => {
  await app?.controller.close()
  await rm(dir, { recursive: true, force: true })
})

/** A PNG as the app saves it: the request embedded, in a job folder with no entry. */
async function orphanPng(libraryDir: string, jobId: string, prompt: string): Promise<void> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } }).png().toBuffer()
  const withSettings = embedSettings(png, { parameters: `${prompt}\nModel: i1-1`, requestJson: JSON.stringify({ model: 'i1-1', prompt }), prompt })!
  await mkdir(join(libraryDir, 'files', jobId), { recursive: true })
  await writeFile(join(libraryDir, 'files', jobId, '0.png'), withSettings)
}

describe('library.repair', () => {
  it('lists an output no entry knows, reports it, and says so in one notice', async () => {
    dir = await mkdtemp(join(tmpdir(), 'repair-route-'))
    app = await startTestController(dir)
    const { controller, events } = app
    await orphanPng(controller.info().libraryDir, 'orphan-job', 'a kite over the sea')
    const r = await controller.dispatch('library.repair', {})
    expect(r).toEqual({ ok: true, data: { checked: 1, damaged: [], lines: ['recovered: 1 entry rebuilt from its output files'] } })
    const got = await controller.dispatch('library.get', { jobId: 'orphan-job' })
    expect(got).toMatchObject({ ok: true, data: { prompt: 'a kite over the sea', model: 'i1-1', files: [{ state: 'saved', mime: 'image/png' }] } })
    const notices = events.filter((e) => e.name === 'notice' && e.payload.message.startsWith('The library'))
    expect(notices).toHaveLength(1)
    expect(events.some((e) => e.name === 'library.updated' && e.payload.jobId === 'orphan-job')).toBe(true)
  })

  it('refuses any input from the page, naming the field', async () => {
    dir = await mkdtemp(join(tmpdir(), 'repair-route-'))
    app = await startTestController(dir)
    const r = await app.controller.dispatch('library.repair', { folder: '/etc' })
    expect(r.ok).toBe(false)
    if (!r.ok) {
      expect(r.error.code).toBe('invalid_input')
      expect(r.error.message).toContain('folder')
    }
  })
})
