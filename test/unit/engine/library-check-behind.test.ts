// The check of the library at start runs behind the started engine: a library of a
// million folders takes minutes to look through, and the gallery and submitting answer
// meanwhile. A folder the check cannot finish reading shows it: here an output no entry
// lists, whose settings file is a pipe nothing has written to yet. The engine starts,
// lists and submits all the same, and the check ends once the pipe is written.
import { execFileSync } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Engine } from '../../../src/main/core/engine'
import { buildLibrary, entryFile } from '../support/damaged-library'
import { cleanupAfterEach } from '../support/cleanup'

const cleanup = cleanupAfterEach()

describe('the check of the library at start', () => {
  it.skipIf(process.platform === 'win32')('lets the engine list and submit before it ends, then reports what it found', async () => {
    const lib = await buildLibrary()
    cleanup.defer(() => lib.dispose())
    const folder = dirname(entryFile(lib, lib.jobs[0]!.jobId))
    await writeFile(join(folder, '7.dat'), 'data no entry lists')
    const pipe = join(folder, '7.dat.settings.json')
    execFileSync('sh', ['-c', 'mkfifo "$1"', 'sh', pipe])
    // Should an expectation fail while the check waits, the pipe is written so the engine can close.
    let fed = false
    const feed = async () => {
      if (!fed) await writeFile(pipe, '{}')
      fed = true
    }
    cleanup.defer(feed)

    const engine = new Engine({ ...lib.engineOptions })
    const notices: string[] = []
    engine.on('notice', (n) => notices.push(n.message))
    await engine.start()
    cleanup.defer(() => engine.close())
    const checked = engine.libraryChecked()
    let ended = false
    void checked.then(() => (ended = true))

    // The check still waits on the pipe, and the library and the service answer.
    expect(engine.listLibrary({ limit: 100 }).entries.map((e) => e.jobId).sort()).toEqual(lib.jobs.map((j) => j.jobId).sort())
    expect((await engine.submit({ model: 'i1-1', prompt: 'made while the library is checked' })).submission).toBe('accepted')
    expect(engine.startRepair).toBeNull()
    expect(ended).toBe(false)

    await feed()
    const report = await checked
    expect(report).toMatchObject({ checked: 3, reattached: 1, rebuilt: [], dropped: [] })
    expect(engine.startRepair).toBe(report)
    expect(engine.getEntry(lib.jobs[0]!.jobId)?.files.map((f) => f.path)).toContainEqual(join('files', lib.jobs[0]!.jobId, '7.dat'))
    expect(notices.filter((n) => n.startsWith('The library'))).toEqual([expect.stringContaining('1 output')])
  })
})
