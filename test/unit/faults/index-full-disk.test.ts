// A change of the library (a favourite, a delete, its undo, a board) on a full disk is refused whole and said in words: "the disk is
// full, so nothing was changed", never SQLite's "cannot rollback - no transaction is
// active". SQLite rolls a transaction back by itself when the disk fills; the index does
// not try again. Afterwards the entry files and the index still agree, and once there is
// room the same change goes through.
//
// The index's own transaction is checked on a database capped in size (SQLite's
// max_page_count, as full as a full disk to it); the library's changes on a real full disk,
// a small tmpfs mounted for the test where it may be (it needs root), skipped saying why
// elsewhere, like the other full-disk test.
import { spawnSync } from 'node:child_process'
import { mkdir, mkdtemp, open, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IndexDb } from '../../../src/main/core/library/index/index-db'
import { Library } from '../../../src/main/core/library/library'
import { LibraryCollections } from '../../../src/main/core/library/collections'
import { madeEntry } from '../support/library-entries'

const DISK_FULL = 'The disk is full, so nothing was changed. Free some space and try again.'

describe("the index's transaction on a full disk", () => {
  let dir: string
  beforeAll(async () => (dir = await mkdtemp(join(tmpdir(), 'index-full-'))))
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('is refused whole as "disk full" and leaves the index usable', () => {
    const db = new DatabaseSync(join(dir, 'capped.sqlite'))
    db.exec("PRAGMA journal_mode = WAL; CREATE TABLE t(a TEXT); INSERT INTO t VALUES ('before')")
    db.exec(`PRAGMA max_page_count = ${Number((db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count) + 2}`)
    const index = new IndexDb(db, () => undefined)
    expect(() => index.transaction(() => {
      for (let n = 0; n < 100; n++) index.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(4000))
    })).toThrow(DISK_FULL)
    expect(index.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 1 })
    // Not damage: the next transaction that fits goes through.
    index.transaction(() => index.prepare("INSERT INTO t VALUES ('after')").run())
    expect(index.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 2 })
    index.close()
  })
})

let base: string
let mnt: string
let mounted = false
let whyNot = ''

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'index-full-disk-'))
  mnt = join(base, 'disk')
  await mkdir(mnt)
  if (process.getuid?.() !== 0) whyNot = 'mounting a small tmpfs needs root'
  else {
    const r = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', mnt], { encoding: 'utf8' })
    if (r.status === 0) mounted = true
    else whyNot = `mount -t tmpfs failed: ${(r.stderr || r.error?.message || '').trim()}`
  }
  if (!mounted) console.log(`index full-disk test skipped: ${whyNot}`)
})

afterAll(async () => {
  if (mounted) spawnSync('umount', ['-l', mnt])
  await rm(base, { recursive: true, force: true })
})

/** Writes zeros until the disk refuses; returns the filler file, to make room again. */
async function fill(path: string): Promise<string> {
  const handle = await open(path, 'w')
  const chunk = Buffer.alloc(64 * 1024)
  try {
    for (;;) await handle.write(chunk)
  } catch (err) {
    if ((err as { code?: string }).code !== 'ENOSPC') throw err
  } finally {
    await handle.close()
  }
  for (let size = 4096; ; size *= 2) {
    // The last blocks of the disk, taken one write at a time.
    const last = await open(`${path}.last`, 'a').catch(() => null)
    if (!last) break
    const wrote = await last.write(Buffer.alloc(size)).then(() => true, () => false)
    await last.close()
    if (!wrote) break
  }
  return path
}

const onDisk = async (libraryDir: string, id: string) => JSON.parse(await readFile(join(libraryDir, 'files', id, 'entry.json'), 'utf8')) as { favorite: boolean }
const temps = async (dir: string) => (await readdir(dir, { recursive: true })).filter((n) => n.endsWith('.tmp'))

describe('a change of the library on a full disk', () => {
  it('is refused in words with nothing changed, in the entry files or the index, and goes through once there is room', async (ctx) => {
    if (!mounted) return ctx.skip(`needs a small tmpfs: ${whyNot}`)
    const libraryDir = join(mnt, 'library')
    const library = await Library.open(libraryDir)
    const collections = await LibraryCollections.open(library)
    try {
      const ids = Array.from({ length: 20 }, (_, n) => `job-${n + 1}`)
      for (let n = 1; n <= 20; n++) await library.put(madeEntry(n, { favorite: false }))
      await library.put(madeEntry(21, { favorite: false }))
      await library.remove('job-21')
      // Pages of the disk given back later: one for a delete's file, one for each entry file.
      const reserves = [join(mnt, 'reserve-1'), join(mnt, 'reserve-20')]
      await writeFile(reserves[0]!, Buffer.alloc(4096))
      await writeFile(reserves[1]!, Buffer.alloc(ids.length * 4096))
      const filler = await fill(join(mnt, 'filler'))

      await expect(collections.setFavorite(ids, true)).rejects.toThrow(DISK_FULL)
      await expect(library.remove('job-3')).rejects.toThrow(DISK_FULL)
      await expect(collections.createBoard('Keepers')).rejects.toThrow(DISK_FULL)
      // Undo moves the files back (renames, which need no room) and then finds the index full: they go back to the trash.
      await expect(library.restore('job-21')).rejects.toThrow(DISK_FULL)
      expect(library.isDeleted('job-21')).toBe(true)
      expect(await readdir(join(libraryDir, 'trash', 'job-21'))).toEqual(['files'])
      expect(await readdir(join(libraryDir, 'files'))).not.toContain('job-21')
      expect(library.list({ favorite: true }).total).toBe(0)
      for (const id of ids) expect((await onDisk(libraryDir, id)).favorite).toBe(false)
      expect(library.isDeleted('job-3')).toBe(false)
      expect(await readdir(join(libraryDir, 'deleted'))).toEqual(['job-21.json'])
      expect(collections.listBoards()).toEqual([])
      expect(await temps(libraryDir)).toEqual([])

      // Room for the files alone: the index's commit is what the disk refuses.
      await rm(reserves[0]!)
      await expect(library.remove('job-3')).rejects.toThrow(DISK_FULL)
      expect(library.isDeleted('job-3')).toBe(false)
      expect(await readdir(join(libraryDir, 'deleted'))).toEqual(['job-21.json'])
      await rm(reserves[1]!)
      await expect(collections.setFavorite(ids, true)).rejects.toThrow(DISK_FULL)
      expect(library.list({ favorite: true }).total).toBe(0)
      for (const id of ids) expect((await onDisk(libraryDir, id)).favorite).toBe(false)
      expect(await temps(libraryDir)).toEqual([])

      await truncate(filler, 0)
      await rm(`${filler}.last`, { force: true })
      expect(await collections.setFavorite(ids, true)).toBe(20)
      expect(library.list({ favorite: true }).total).toBe(20)
      expect(await library.restore('job-21')).toMatchObject({ id: 'job-21' })
      expect(library.isDeleted('job-21')).toBe(false)
      for (const id of ids) expect((await onDisk(libraryDir, id)).favorite).toBe(true)
    } finally {
      await library.close()
    }
  })
})
