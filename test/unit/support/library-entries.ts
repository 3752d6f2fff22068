// Library entries made without a service, written through the library (entry file and
// index alike), and damage done to the index's file as a disk fault or a sync tool would.
import { mkdir, open, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { Library } from '../../../src/main/core/library/library'
import { LibraryCollections } from '../../../src/main/core/library/collections'
import { LibraryIndex } from '../../../src/main/core/library/index/library-index'
import { libraryEntrySchema, type LibraryEntry } from '../../../src/shared/app/views'

/** Entry `n`, completed `n` ms after `base`; every fifth a favourite, models alternating. */
export function madeEntry(n: number, over: Partial<LibraryEntry> = {}, base = Date.UTC(2026, 0, 1)): LibraryEntry {
  const at = new Date(base + n).toISOString()
  return {
    id: `job-${n}`, jobId: `job-${n}`, model: n % 2 ? 'i1-1' : 'i3-1', modality: 'image', prompt: `a fox number ${n}`, params: {}, creditCost: 3,
    createdAt: at, completedAt: at, savedAt: at, origin: 'app', files: [], inputs: [], favorite: n % 5 === 0, boards: [], ...over
  }
}

/** A library in `dir` with entries 1…count written through it (then closed): their files and the index. */
export async function writeLibrary(dir: string, count: number, over: (n: number) => Partial<LibraryEntry> = () => ({})): Promise<void> {
  const library = await Library.open(dir)
  await LibraryCollections.open(library)
  for (let n = 1; n <= count; n++) await library.put(madeEntry(n, over(n)))
  await library.close()
}

/**
 * A library in `dir` with entries 1…count, written straight to disk (entry files, and the
 * index in one transaction) as a library of that size would be after years of saves: a
 * few thousand in a second, where writing each through the library syncs it to disk.
 */
export async function writeLibraryInBulk(dir: string, count: number): Promise<LibraryEntry[]> {
  const entries = Array.from({ length: count }, (_, i) => libraryEntrySchema.parse(madeEntry(i + 1)))
  for (const e of entries) {
    await mkdir(join(dir, 'files', e.id), { recursive: true })
    await writeFile(join(dir, 'files', e.id, 'entry.json'), JSON.stringify(e))
  }
  const index = LibraryIndex.open(indexFile(dir))
  try {
    index.transaction(() => entries.forEach((e) => index.put(e)))
  } finally {
    index.close()
  }
  return entries
}

/** Bytes that are not a page of any database, the same at every run. */
function junk(size: number, seed: number): Buffer {
  const bytes = Buffer.alloc(size)
  let a = seed >>> 0
  for (let i = 0; i < size; i++) {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0
    bytes[i] = a >>> 24
  }
  return bytes
}

/** Overwrites pages of an SQLite file (1 is the first) with junk; the page size comes from its header. */
export async function overwritePages(file: string, pages: number[]): Promise<void> {
  const header = await readFile(file)
  const raw = header.readUInt16BE(16)
  const pageSize = raw === 1 ? 65_536 : raw
  const handle = await open(file, 'r+')
  try {
    for (const page of pages) await handle.write(junk(pageSize, page), 0, pageSize, (page - 1) * pageSize)
  } finally {
    await handle.close()
  }
}

export const indexFile = (libraryDir: string) => join(libraryDir, 'index.sqlite')

/** The pages (1 is the first) that hold one table or index of an SQLite file, from SQLite's own page map. */
export function pagesOf(file: string, name: string): number[] {
  const db = new DatabaseSync(file, { readOnly: true })
  try {
    return db.prepare('SELECT pageno FROM dbstat WHERE name = ? ORDER BY pageno').all(name).map((r) => Number(r.pageno))
  } finally {
    db.close()
  }
}
