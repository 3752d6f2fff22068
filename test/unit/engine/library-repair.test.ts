// The library heals itself from what is on disk, keeps whatever is readable, keeps damaged
// files aside and says so in one notice.
import { readdir, readFile, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Engine } from '../../../src/main/core/engine'
import { isLeftoverTemp } from '../../../src/main/core/library/repair/job-folder-scan'
import { buildLibrary, damage, entryFile, type BuiltLibrary } from '../support/damaged-library'
import { cleanupAfterEach } from '../support/cleanup'

const cleanup = cleanupAfterEach()

async function built(): Promise<BuiltLibrary> {
  const lib = await buildLibrary()
  cleanup.defer(() => lib.dispose())
  return lib
}

/** An engine over the (damaged) library, with the notices it gave while starting. */
async function reopen(lib: BuiltLibrary): Promise<{ engine: Engine; notices: string[] }> {
  const engine = new Engine({ ...lib.engineOptions })
  const notices: string[] = []
  engine.on('notice', (n) => notices.push(n.message))
  await engine.start()
  cleanup.defer(() => engine.close())
  return { engine, notices }
}

function listed(engine: Engine): string[] {
  return engine.listLibrary({ limit: 100 }).entries.map((e) => e.jobId).sort()
}

const repairNotices = (notices: string[]) => notices.filter((n) => n.startsWith('The library'))

describe('library repair', () => {
  it('rebuilds an entry whose file was cut short from its output, keeping its favourite and the damaged file aside', async () => {
    const lib = await built()
    const [first] = lib.jobs
    const before = JSON.parse(await readFile(entryFile(lib, first!.jobId), 'utf8')) as { files: { sha256: string }[] }
    await damage.truncatedEntry(lib, first!.jobId)
    const { engine, notices } = await reopen(lib)
    expect(listed(engine)).toEqual(lib.jobs.map((j) => j.jobId).sort())
    const entry = engine.getEntry(first!.jobId)!
    expect(entry.prompt).toBe(first!.prompt)
    expect(entry.model).toBe('i1-1')
    expect(entry.favorite).toBe(true)
    expect(entry.files.map((f) => [f.state, f.sha256])).toEqual(before.files.map((f) => ['saved', f.sha256]))
    expect((await stat(`${entryFile(lib, first!.jobId)}.damaged`)).size).toBe(40)
    const [notice, ...more] = repairNotices(notices)
    expect(more).toEqual([])
    expect(notice).toContain(join('files', first!.jobId, 'entry.json'))
    expect(notice).toContain('1 entry rebuilt')
  })

  it.each(['emptyIndex', 'junkIndex', 'missingIndex'] as const)('rebuilds the index from the entry files (%s), keeping favourites and boards', async (how) => {
    const lib = await built()
    await damage[how](lib)
    const { engine, notices } = await reopen(lib)
    expect(listed(engine)).toEqual(lib.jobs.map((j) => j.jobId).sort())
    expect(engine.listLibrary({ favorite: true }).entries.map((e) => e.jobId).sort()).toEqual([...lib.favorites].sort())
    expect(engine.listBoards()).toEqual([expect.objectContaining({ id: lib.boardId, name: 'Keepers', count: 1 })])
    expect(repairNotices(notices)).toEqual([expect.stringContaining('3 entries put back in the index')])
    if (how === 'junkIndex') expect(repairNotices(notices)[0]).toContain('(index.sqlite)')
    if (how === 'junkIndex') expect(await readFile(join(lib.libraryDir, 'index.sqlite.damaged'), 'utf8')).toBe('junk\n')
  })

  it('lists again an output no entry, index or journal knows, from the settings embedded in it', async () => {
    const lib = await built()
    const orphan = lib.jobs[1]!
    await damage.orphanOutput(lib, orphan.jobId)
    const { engine, notices } = await reopen(lib)
    expect(listed(engine)).toEqual(lib.jobs.map((j) => j.jobId).sort())
    const entry = engine.getEntry(orphan.jobId)!
    expect(entry.prompt).toBe(orphan.prompt)
    expect(entry.model).toBe('i1-1')
    expect(entry.files).toEqual([expect.objectContaining({ state: 'saved', mime: 'image/png', path: join('files', orphan.jobId, '0.png') })])
    expect(repairNotices(notices)).toEqual([expect.stringContaining('1 entry rebuilt')])
  })

  it('keeps a delete from its tombstone file when the index is damaged', async () => {
    const lib = await built()
    await damage.junkIndex(lib)
    const { engine, notices } = await reopen(lib)
    expect(engine.isDeleted(lib.deletedId)).toBe(true)
    expect(listed(engine)).not.toContain(lib.deletedId)
    const [notice] = repairNotices(notices)
    expect(notice).toContain('index.sqlite')
    expect(notice).toContain('1 delete the index had lost')
  })

  it('keeps a board and its name from its second copy when the index is damaged', async () => {
    const lib = await built()
    await damage.junkIndex(lib)
    const { engine, notices } = await reopen(lib)
    expect(engine.listBoards()).toEqual([expect.objectContaining({ id: lib.boardId, name: 'Keepers', count: 1 })])
    expect(repairNotices(notices)).toEqual([expect.stringContaining('(index.sqlite)')])
  })

  it('names a board known only from its members when both its copies are lost', async () => {
    const lib = await built()
    await damage.junkIndex(lib)
    await rm(join(lib.libraryDir, 'boards.json'))
    const { engine, notices } = await reopen(lib)
    expect(engine.listBoards()).toEqual([expect.objectContaining({ id: lib.boardId, name: 'Recovered board', count: 1 })])
    expect(repairNotices(notices)).toEqual([expect.stringContaining('1 board known only from its members')])
  })

  it('removes leftover temps and a stale partial download, and says nothing when nothing was damaged', async () => {
    const lib = await built()
    const job = lib.jobs[0]!.jobId
    await damage.leftovers(lib, job)
    const { engine, notices } = await reopen(lib)
    expect((await readdir(join(lib.libraryDir, 'files', job))).sort()).toEqual(['0.png', 'entry.json'])
    expect((await readdir(lib.libraryDir)).filter((n) => n.endsWith('.tmp'))).toEqual([])
    expect(repairNotices(notices)).toEqual([])
    expect((await engine.repairLibrary()).leftoversRemoved).toBe(0)
  })

  it('rewrites nothing in a healthy library when it starts again, and once checked, not even the index', async () => {
    const lib = await built()
    const before = await Promise.all(lib.jobs.map(async (j) => (await stat(entryFile(lib, j.jobId))).mtimeMs))
    const { engine } = await reopen(lib)
    expect(engine.startRepair).toMatchObject({ checked: 3, unchanged: 0, reindexed: 0, rebuilt: [], reattached: 0 })
    expect(await Promise.all(lib.jobs.map(async (j) => (await stat(entryFile(lib, j.jobId))).mtimeMs))).toEqual(before)
    await engine.close()
    // The folders found whole are not read again at the next start: nothing is written.
    const index = await stat(join(lib.libraryDir, 'index.sqlite'))
    const again = await reopen(lib)
    expect(again.engine.startRepair).toMatchObject({ checked: 3, unchanged: 3, reindexed: 0, rebuilt: [], reattached: 0 })
    await again.engine.close()
    const after = await stat(join(lib.libraryDir, 'index.sqlite'))
    expect([after.size, after.mtimeMs]).toEqual([index.size, index.mtimeMs])
    expect(await Promise.all(lib.jobs.map(async (j) => (await stat(entryFile(lib, j.jobId))).mtimeMs))).toEqual(before)
  })

  it('reads again at start a folder checked before and changed since', async () => {
    const lib = await built()
    await (await reopen(lib)).engine.close()
    const [first] = lib.jobs
    await damage.truncatedEntry(lib, first!.jobId)
    const { engine, notices } = await reopen(lib)
    expect(engine.getEntry(first!.jobId)?.prompt).toBe(first!.prompt)
    expect(repairNotices(notices)).toEqual([expect.stringContaining('1 entry rebuilt')])
    expect(engine.startRepair).toMatchObject({ checked: 3, unchanged: 2 })
  })

  it('never takes a temp of this process, which may be a write in progress', () => {
    expect(isLeftoverTemp(`.entry.json.${process.pid}.0a1b.tmp`)).toBe(false)
    expect(isLeftoverTemp('.entry.json.1.0a1b.tmp')).toBe(true)
    expect(isLeftoverTemp('0.png')).toBe(false)
  })
})
