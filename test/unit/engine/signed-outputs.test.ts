// End to end, as in demo mode: the demo service signs the pictures of a signing model with
// its TEST certificate; the app saves them without touching a byte (the signature still
// verifies), puts their settings in a `.xmp` sidecar, and records the Content Credentials
// with the signer in the library entry. A model that does not sign is saved as before.
import { createHash } from 'node:crypto'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Engine } from '../../../src/main/core/engine'
import { xmpSidecarPath } from '../../../src/main/core/library/settings-carrier'
import { hasContentCredentials } from '../../../src/main/core/media/content-credentials'
import { readEmbeddedSettings } from '../../../src/main/core/media/embedded-settings'
import { provenanceOfFile } from '../../../src/main/core/media/provenance'
import { readXmpPacket } from '../../../src/main/core/media/xmp-packet'
import { DEMO_SIGNING_MODELS, startDemoService } from '../../../src/simulator/demo-mode'
import { cleanupAfterEach } from '../support/cleanup'
import { engineOptionsFor } from '../support/demo-engine'

const cleanup = cleanupAfterEach()
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

async function demoModeEngine() {
  const dir = await cleanup.tempDir('signed-outputs-')
  const sim = await startDemoService({ dataDir: join(dir, 'service'), speed: 20 })
  cleanup.defer(() => sim.close())
  const engine = new Engine(engineOptionsFor(sim, join(dir, 'engine')))
  await engine.start()
  cleanup.defer(() => engine.close())
  return { sim, engine }
}

describe('pictures with Content Credentials, saved in demo mode', () => {
  it('keep their signed bytes, carry their settings in <file>.xmp, and the entry names the signer', async () => {
    expect(DEMO_SIGNING_MODELS).toContain('i3-1')
    const { sim, engine } = await demoModeEngine()
    const signedJob = await engine.submit({ model: 'i3-1', prompt: 'a lighthouse at dusk', i3Params: { seed: 1234, output_format: 'png' } })
    const plainJob = await engine.submit({ model: 'i1-1', prompt: 'a lighthouse at dawn' })
    await engine.settle(60_000)

    const file = engine.getEntry(signedJob.jobId!)!.files[0]!
    expect(file.state).toBe('saved')
    expect(file.provenance).toEqual({ present: true, valid: true, trusted: false, signer: 'MediaGen Demo Service (test certificate)', issues: [] })
    const path = (await engine.resolveLibraryFile(file.path!))!
    const saved = await readFile(path)
    // Byte for byte what the service sent, so the signature still verifies.
    const served = await readFile(join(sim.filesDir, 'jobs', signedJob.jobId!, 'image-1.png'))
    expect(saved.equals(served)).toBe(true)
    expect(file.sha256).toBe(sha256(served))
    expect(hasContentCredentials(saved)).toBe(true)
    expect((await provenanceOfFile(path)).valid).toBe(true)
    // The settings are beside it, not in it.
    expect(readEmbeddedSettings(saved)).toBeNull()
    const sidecar = readXmpPacket(await readFile(xmpSidecarPath(path), 'utf8'))
    expect(sidecar.parameters).toMatch(/^a lighthouse at dusk\n.*Seed: 1234.*Model: i3-1/)
    expect(JSON.parse(sidecar.requestJson!)).toMatchObject({ model: 'i3-1', prompt: 'a lighthouse at dusk' })

    const plain = engine.getEntry(plainJob.jobId!)!.files[0]!
    expect(plain.provenance).toEqual({ present: false, valid: null, trusted: false, signer: null, issues: [] })
    const plainPath = (await engine.resolveLibraryFile(plain.path!))!
    expect(readEmbeddedSettings(await readFile(plainPath))?.parameters).toMatch(/^a lighthouse at dawn\n/)
    expect((await readdir(join(plainPath, '..'))).filter((n) => n.endsWith('.xmp'))).toEqual([])
  })

  it('keep their sidecar through a repair, which does not take it for an output', async () => {
    const { engine } = await demoModeEngine()
    const job = await engine.submit({ model: 'i6-1', prompt: 'a harbour in fog', i6Params: { output_format: 'jpg' } })
    await engine.settle(60_000)
    const path = (await engine.resolveLibraryFile(engine.getEntry(job.jobId!)!.files[0]!.path!))!
    const folder = join(path, '..')
    expect((await readdir(folder)).sort()).toEqual(['0.jpg', '0.jpg.xmp', 'entry.json'])
    await writeFile(join(folder, 'entry.json'), '{ damaged')
    const report = await engine.repairLibrary()
    expect(report.leftoversRemoved).toBe(0)
    const rebuilt = engine.getEntry(job.jobId!)!
    expect(rebuilt.files.map((f) => f.path?.split(/[\\/]/).pop())).toEqual(['0.jpg'])
    expect((await readdir(folder)).filter((n) => n !== 'entry.json.damaged').sort()).toEqual(['0.jpg', '0.jpg.xmp', 'entry.json'])
    expect((await provenanceOfFile(path)).valid).toBe(true)
  })
})
