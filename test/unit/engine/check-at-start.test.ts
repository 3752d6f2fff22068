// The check of the library at start reads only the job folders changed since it last
// found them whole, comparing each folder on a worker thread with the facts the index
// keeps, so a start with nothing changed reads no folder and writes nothing. It must still
// find every folder changed while the app was closed: files rewritten in place or swapped
// in by a sync tool, with their times put back or not, outputs and leftovers added,
// folders removed and brought in. Repair library, by hand, reads every folder regardless.
import { cp, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Library } from '../../../src/main/core/library/library'
import { LibraryIndex } from '../../../src/main/core/library/index/library-index'
import { LibraryCollections } from '../../../src/main/core/library/collections'
import { JobStore } from '../../../src/main/core/jobs/job-store'
import { repairLibrary, type RepairOptions } from '../../../src/main/core/library/repair/library-repair'
import { walkJobFolders } from '../../../src/main/core/library/repair/folder-walk'
import { folderFacts } from '../../../src/main/core/library/repair/folder-facts'
import { emptyReport, type RepairReport } from '../../../src/main/core/library/repair/repair-report'
import type { LibraryEntry } from '../../../src/shared/app/views'
import { Engine } from '../../../src/main/core/engine'
import { indexFile, overwritePages, pagesOf, writeLibraryInBulk } from '../support/library-entries'
import { plainPng } from '../support/tool-images'
import { cleanupAfterEach } from '../support/cleanup'

const cleanup = cleanupAfterEach()

/** More entries than one step of the comparison (500) or of the listing (2,000) takes. */
const COUNT = 3000

async function library(): Promise<string> {
  const dir = await cleanup.tempDir('check-at-start-')
  await writeLibraryInBulk(dir, COUNT)
  return dir
}

/** Opens the library in `dir`, repairs it (by default as the check at start does), reads what `after` asks, and closes it. */
async function check<T = undefined>(dir: string, options: Partial<RepairOptions> = {}, after?: (library: Library) => T): Promise<{ report: RepairReport; found: T | undefined }> {
  const library = await Library.open(dir)
  const collections = await LibraryCollections.open(library)
  const store = await JobStore.open(join(dir, 'journal-of-the-test.jsonl'))
  try {
    const report = await repairLibrary({ library, collections, store, onlyChanged: true, ...options })
    return { report, found: after?.(library) }
  } finally {
    await collections.close()
    await library.close()
    await store.close()
  }
}

const folder = (dir: string, id: string) => join(dir, 'files', id)
const entryFile = (dir: string, id: string) => join(folder(dir, id), 'entry.json')

/** Runs `change`, then puts the times of `paths` (files and folders) back as they were before it, if asked. */
async function behindTheAppsBack(paths: string[], keepTimes: boolean, change: () => Promise<void>): Promise<void> {
  const before = await Promise.all(paths.map(async (p) => stat(p)))
  await change()
  if (keepTimes) for (const [i, p] of paths.entries()) await utimes(p, before[i]!.atime, before[i]!.mtime)
}

describe('the check at start', () => {
  it('reads no folder and writes nothing when nothing changed since it last ran', async () => {
    const dir = await library()
    expect((await check(dir)).report).toMatchObject({ checked: COUNT, unchanged: 0, rebuilt: [], reattached: 0, dropped: [], reindexed: 0 })
    const index = await stat(indexFile(dir))
    const entries = await stat(entryFile(dir, 'job-1234'))

    const { report } = await check(dir)
    expect(report).toMatchObject({ checked: COUNT, unchanged: COUNT, damaged: [], rebuilt: [], reattached: 0, reindexed: 0, dropped: [], leftoversRemoved: 0 })
    const after = await stat(indexFile(dir))
    expect([after.size, after.mtimeMs]).toEqual([index.size, index.mtimeMs])
    expect((await stat(entryFile(dir, 'job-1234'))).ctimeMs).toBe(entries.ctimeMs)
  })

  it.each([
    ['with their times put back', true],
    ['with new times', false]
  ])('finds every folder changed while the app was closed, %s', async (_, keepTimes) => {
    const dir = await library()
    await check(dir)
    // An entry file edited in place: same length, same inode; only its change time tells.
    const edited = entryFile(dir, 'job-1200')
    await behindTheAppsBack([edited], keepTimes, async () => writeFile(edited, (await readFile(edited, 'utf8')).replace('a fox number 1200', 'a cat number 1200')))
    // An entry file swapped in whole by a sync tool (a new file renamed over the old one).
    const swapped = entryFile(dir, 'job-2300')
    await behindTheAppsBack([swapped, folder(dir, 'job-2300')], keepTimes, async () => {
      await writeFile(`${swapped}.sync`, (await readFile(swapped, 'utf8')).replace('a fox number 2300', 'a fox, synced from elsewhere'))
      await rename(`${swapped}.sync`, swapped)
    })
    // An output no entry lists, and a leftover of another process's write.
    await behindTheAppsBack([folder(dir, 'job-2800')], keepTimes, async () => writeFile(join(folder(dir, 'job-2800'), '0.png'), await plainPng()))
    await behindTheAppsBack([folder(dir, 'job-700')], keepTimes, () => writeFile(join(folder(dir, 'job-700'), '.entry.json.1.0a1b.tmp'), '{'))
    // A folder removed, and one brought in from elsewhere.
    await rm(folder(dir, 'job-1500'), { recursive: true })
    await cp(folder(dir, 'job-10'), folder(dir, 'job-9999'), { recursive: true, preserveTimestamps: true })
    await behindTheAppsBack([entryFile(dir, 'job-9999')], keepTimes, async () =>
      writeFile(entryFile(dir, 'job-9999'), (await readFile(entryFile(dir, 'job-10'), 'utf8')).replaceAll('job-10', 'job-9999')))

    const { report, found } = await check(dir, {}, (l) => ({
      edited: l.get('job-1200')?.prompt, swapped: l.get('job-2300')?.prompt, outputs: l.get('job-2800')?.files.length,
      removed: l.has('job-1500'), broughtIn: l.get('job-9999')?.jobId
    }))
    expect(report).toMatchObject({ checked: COUNT, unchanged: COUNT - 5, reattached: 1, leftoversRemoved: 1, dropped: ['job-1500'], reindexed: 1, rebuilt: [] })
    expect(found).toEqual({ edited: 'a cat number 1200', swapped: 'a fox, synced from elsewhere', outputs: 1, removed: false, broughtIn: 'job-9999' })
    // What it found is recorded: the next start reads no folder again.
    expect((await check(dir)).report).toMatchObject({ checked: COUNT, unchanged: COUNT })
  })

  it('takes damage in the ids and facts it reads for the index\'s, rebuilding it from the files with every change kept', async () => {
    const dir = await cleanup.tempDir('check-at-start-damaged-')
    const libraryDir = join(dir, 'live', 'library')
    // Fewer entries than the other cases: the rebuild reads every folder.
    const count = 600
    await writeLibraryInBulk(libraryDir, count)
    const start = async () => {
      const engine = new Engine({ dataDir: join(dir, 'live'), baseUrl: 'http://127.0.0.1:9', legacyBaseUrl: 'http://127.0.0.1:9', apiKey: () => null, webhooks: { mode: 'off' } })
      cleanup.defer(() => engine.close())
      await engine.start()
      return { engine, report: await engine.libraryChecked() }
    }
    const first = await start()
    expect(first.report).toMatchObject({ checked: count, damaged: [] })
    await first.engine.close()
    // Changed while the app was closed, and then the pages only the check at start reads
    // (the index of ids and facts) overwritten.
    const edited = entryFile(libraryDir, 'job-120')
    await behindTheAppsBack([edited], true, async () => writeFile(edited, (await readFile(edited, 'utf8')).replace('a fox number 120', 'a cat number 120')))
    await overwritePages(indexFile(libraryDir), pagesOf(indexFile(libraryDir), 'entries_checked'))

    const { engine, report } = await start()
    expect(report?.damaged).toEqual([expect.objectContaining({ file: 'index.sqlite', keptAs: 'index.sqlite.damaged' })])
    expect(engine.listLibrary({ limit: 1 }).total).toBe(count)
    expect(engine.getEntry('job-120')?.prompt).toBe('a cat number 120')
  })

  it('keeps an entry whose folder was renamed by hand, found in the folder it went to', async () => {
    const dir = await library()
    await check(dir)
    await rename(folder(dir, 'job-42'), folder(dir, 'moved-by-hand'))
    const { report, found } = await check(dir, {}, (l) => l.has('job-42'))
    expect(report.dropped).toEqual([])
    expect(found).toBe(true)
  })

  it('trusts the facts it recorded; Repair library, by hand, reads every folder', async () => {
    const dir = await library()
    await check(dir)
    // The index says something else than the entry file, and the folder's facts are as
    // recorded: no change on disk shows it, so the check at start cannot see it.
    const entry = JSON.parse(await readFile(entryFile(dir, 'job-77'), 'utf8')) as LibraryEntry
    const index = LibraryIndex.open(indexFile(dir))
    index.put({ ...entry, prompt: 'not what the file says' })
    index.setChecked([['job-77', folderFacts(join(dir, 'files'), 'job-77')!]])
    index.close()
    const atStart = await check(dir, {}, (l) => l.get('job-77')?.prompt)
    expect(atStart.report).toMatchObject({ checked: COUNT, unchanged: COUNT })
    expect(atStart.found).toBe('not what the file says')

    const byHand = await check(dir, { onlyChanged: false }, (l) => l.get('job-77')?.prompt)
    expect(byHand.report).toMatchObject({ checked: COUNT, unchanged: 0 })
    expect(byHand.found).toBe(entry.prompt)
  })
})

describe('the walk over the job folders', () => {
  /** Walks the library in `dir` with a pace that notes how far the walk got each time it rests. */
  async function walk(dir: string, stopAfterRests = Infinity) {
    const library = await Library.open(dir)
    cleanup.defer(() => library.close())
    const report = emptyReport()
    const atRest: number[] = []
    const read: string[] = []
    const missing = await walkJobFolders(
      { library, onlyChanged: true, report, stopped: () => atRest.length >= stopAfterRests, pace: async () => void atRest.push(report.checked) },
      async (dir) => {
        read.push(dir)
        report.checked++
        return null
      }
    )
    return { report, atRest, read, missing }
  }

  it('rests between steps of at most 500 folders, so the app answers meanwhile', async () => {
    const dir = await library()
    const { report, atRest, read } = await walk(dir)
    // Nothing was recorded yet: every folder is read.
    expect(report.checked).toBe(COUNT)
    expect(read).toHaveLength(COUNT)
    const steps = atRest.map((n, i) => n - (atRest[i - 1] ?? 0))
    expect(Math.max(...steps)).toBeLessThanOrEqual(500)
  })

  it('hands back nothing to take out when stopped partway (the app closing)', async () => {
    const dir = await library()
    await rm(folder(dir, 'job-1'), { recursive: true })
    const whole = await walk(dir)
    expect(whole.missing).toEqual(['job-1'])
    const cut = await walk(dir, 3)
    expect(cut.missing).toEqual([])
    expect(cut.report.checked).toBeLessThan(COUNT)
  })
})
