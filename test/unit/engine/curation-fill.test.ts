// An index made before the tags, origins and file hashes were kept gets their tables at
// its next open and is filled behind the open app, a chunk at a time. Meanwhile every
// answer is already right (the entries' own records are read where the tables are not
// filled yet), the fill leaves alone what is written meanwhile, and a fill cut short
// carries on where it stopped.
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it, vi } from 'vitest'
import { LibraryIndex } from '../../../src/main/core/library/index/library-index'
import { FILL_KEY } from '../../../src/main/core/library/index/curation-tables'
import type { LibraryQuery } from '../../../src/shared/app/library-query'
import type { LibraryEntry, LibraryFile } from '../../../src/shared/app/views'
import { cleanupAfterEach } from '../support/cleanup'
import { madeEntry } from '../support/library-entries'

const cleanup = cleanupAfterEach()
const COUNT = 1000
const sha = (n: number) => createHash('sha256').update(`file ${n}`).digest('hex')

function file(n: number): LibraryFile {
  return { index: 0, role: 'image', url: null, path: `files/job-${n}/0.png`, thumbnail: null, state: 'saved', lostReason: null, bytes: 10, sha256: sha(n), mime: 'image/png', width: 1, height: 1, durationSeconds: null }
}

function entry(n: number): LibraryEntry {
  const imported = n % 10 === 0
  return madeEntry(n, {
    files: [file(n)], tags: n % 3 ? ['Red'] : ['blue'],
    ...(imported ? { origin: 'import' as const, imported: { tool: n % 20 ? 'a1111' : 'comfyui', source: `/p/${n}.png`, importedAt: '2026-01-02T00:00:00Z', details: {}, raw: {} } } : {})
  })
}

function open(file: string): LibraryIndex {
  const index = LibraryIndex.open(file)
  cleanup.defer(() => index.close())
  return index
}

/** An index of COUNT entries as a version without the curation tables left it. */
async function earlierIndex(): Promise<string> {
  const file = join(await cleanup.tempDir('curation-fill-'), 'index.sqlite')
  const index = LibraryIndex.open(file)
  index.transaction(() => {
    for (let n = 1; n <= COUNT; n++) index.put(entry(n))
  })
  index.close()
  const db = new DatabaseSync(file)
  db.exec(`DROP TABLE entry_tags; DROP TABLE tag_names; DROP TABLE entry_sources; DROP TABLE file_hashes;
    ALTER TABLE boards DROP COLUMN kind; ALTER TABLE boards DROP COLUMN parent; DELETE FROM meta WHERE key = '${FILL_KEY}';`)
  db.close()
  return file
}

const ids = (index: LibraryIndex, q: LibraryQuery) => index.list({ limit: 500, ...q }).entries.map((e) => e.id)
const jobs = (keep: (n: number) => boolean) => Array.from({ length: COUNT }, (_, i) => COUNT - i).filter(keep).map((n) => `job-${n}`)
const filled = (index: LibraryIndex) => vi.waitFor(() => expect(index.curation.sourcesFilledTo).toBe(Number.MAX_SAFE_INTEGER), { timeout: 30_000, interval: 10 })

function expectRightAnswers(index: LibraryIndex): void {
  expect(ids(index, { origin: 'import', sort: 'oldest' })).toEqual(jobs((n) => n % 10 === 0).reverse())
  expect(ids(index, { tool: 'comfyui' })).toEqual(jobs((n) => n % 20 === 0))
  expect(index.list({ origin: 'app', limit: 1 }).total).toBe(COUNT - COUNT / 10)
  expect(index.curation.entriesWithFile(sha(777)).map((hit) => hit.entry.id)).toEqual(['job-777'])
}

describe('an index made before the curation tables', () => {
  it('gets them at its next open, answers right while they are filled behind it, and right after', async () => {
    const index = open(await earlierIndex())
    // Before the first chunk: nothing of the tables is filled yet.
    expect(index.curation.sourcesFilledTo).toBeLessThan(0)
    expectRightAnswers(index)
    // Written meanwhile: its rows go in as it is written, and the fill leaves them.
    index.put({ ...entry(5), tags: ['green'] })
    await filled(index)
    expectRightAnswers(index)
    expect(index.list({ tagsAll: ['red'], limit: 1 }).total).toBe(jobs((n) => n % 3 !== 0).length - 1)
    expect(index.curation.suggest('', 5)).toEqual([{ name: 'Red', count: 666 }, { name: 'blue', count: 333 }, { name: 'green', count: 1 }])
    expect(index.boards.list()).toEqual([])
  })

  it('carries on where a fill cut short stopped', async () => {
    const file = await earlierIndex()
    const first = LibraryIndex.open(file)
    await filled(first)
    first.close()
    // As if the app had stopped half way: the rows past the mark are not in yet.
    const db = new DatabaseSync(file)
    const mid = Number((db.prepare('SELECT seq FROM entries ORDER BY seq LIMIT 1 OFFSET 499').get() as { seq: number }).seq)
    db.exec(`DELETE FROM entry_sources WHERE seq > ${mid}; DELETE FROM file_hashes WHERE seq > ${mid};`)
    db.prepare('UPDATE meta SET value = ? WHERE key = ?').run(String(mid), FILL_KEY)
    db.close()
    const index = open(file)
    expect(index.curation.sourcesFilledTo).toBe(mid)
    expectRightAnswers(index)
    await filled(index)
    expectRightAnswers(index)
    const check = new DatabaseSync(file, { readOnly: true })
    expect(check.prepare('SELECT count(*) AS n FROM entry_sources').get()).toEqual({ n: COUNT })
    expect(check.prepare('SELECT count(*) AS n FROM file_hashes').get()).toEqual({ n: COUNT })
    check.close()
  })
})
