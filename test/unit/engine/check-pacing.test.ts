// The engine's check of the library at start asks, each time it rests, whether the user is
// at work, and rests longer if so (repair-pacer.test); Repair library, asked for by hand,
// runs at its own pace.
import { cp, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { Engine } from '../../../src/main/core/engine'
import { buildLibrary, entryFile, type BuiltLibrary } from '../support/damaged-library'
import { cleanupAfterEach } from '../support/cleanup'

const cleanup = cleanupAfterEach()

/** Copies of a job's folder under new ids, brought in from elsewhere while the app was closed. */
async function broughtIn(lib: BuiltLibrary, count: number): Promise<void> {
  const source = lib.jobs[0]!.jobId
  const entry = JSON.parse(await readFile(entryFile(lib, source), 'utf8')) as Record<string, unknown>
  for (let i = 0; i < count; i++) {
    const id = `${source}-copy-${i}`
    await cp(join(lib.libraryDir, 'files', source), join(lib.libraryDir, 'files', id), { recursive: true })
    await writeFile(entryFile(lib, id), JSON.stringify({ ...entry, id, jobId: id }))
  }
}

describe('the pace of the check at start', () => {
  it('asks whether the user is at work; Repair library does not', async () => {
    const lib = await buildLibrary()
    cleanup.defer(() => lib.dispose())
    // Enough folders that the check works for more than one slice, on any machine.
    await broughtIn(lib, 400)
    const userAtWork = vi.fn(() => true)
    const engine = new Engine({ ...lib.engineOptions, userAtWork })
    cleanup.defer(() => engine.close())
    await engine.start()
    const report = await engine.libraryChecked()
    expect(report?.checked).toBeGreaterThanOrEqual(400)
    expect(userAtWork).toHaveBeenCalled()
    // The measuring of pictures that follows the check asks too, at its own pace; the user
    // leaves, so it runs at full pace and ends before the repair starts.
    userAtWork.mockReturnValue(false)
    await vi.waitFor(() => expect(engine.pictures.progress().state).toBe('done'), { timeout: 45_000, interval: 50 })

    userAtWork.mockClear()
    await engine.repairLibrary()
    expect(userAtWork).not.toHaveBeenCalled()
  }, 60_000)
})
