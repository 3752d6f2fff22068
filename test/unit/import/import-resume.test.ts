// An import cut short (cancelled, the disk full, the process killed between the copy and
// the entry) leaves nothing half-imported: the next import finishes or clears what was
// under way, and carries on with the rest; every picture ends up in the library once.
import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importFolder, ImportStoppedError } from '../../../src/main/core/import/import-folder'
import { ImportJournal, IMPORT_JOURNAL_FILE } from '../../../src/main/core/import/import-journal'
import { Library } from '../../../src/main/core/library/library'
import type { LibraryEntry } from '../../../src/shared/app/views'
import { cleanupAfterEach } from '../support/cleanup'
import { plainPng, pngWithText } from '../support/tool-images'

const cleanup = cleanupAfterEach()
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex')

async function setup(count: number): Promise<{ library: Library; dir: string; pictures: Buffer[] }> {
  const library = await Library.open(join(await cleanup.tempDir('resume-lib-'), 'library'))
  cleanup.defer(() => library.close())
  const dir = await cleanup.tempDir('resume-src-')
  const pictures: Buffer[] = []
  for (let i = 0; i < count; i++) {
    const png = await pngWithText({ parameters: `picture ${i}\nSteps: ${10 + i}, Seed: ${i}, Size: 24x16, Model: m` })
    pictures.push(png)
    await writeFile(join(dir, `${String(i).padStart(3, '0')}.png`), png)
  }
  return { library, dir, pictures }
}

/** Every file left in the library's job folders that is neither an entry, a copy nor a thumbnail: temps, above all. */
async function strays(library: Library): Promise<string[]> {
  const found: string[] = []
  for (const dir of await readdir(library.paths.abs('files')).catch(() => [] as string[])) {
    for (const name of await readdir(library.paths.abs(join('files', dir)))) if (name !== 'entry.json' && !/^0\.\w+$/.test(name)) found.push(join(dir, name))
  }
  return found
}

describe('an import cut short', () => {
  it('is finished by the next import when it stopped between the copy and the entry (the disk full)', async () => {
    const { library, dir, pictures } = await setup(6)
    const put = library.put.bind(library)
    let full = true
    library.put = async (entry: LibraryEntry) => {
      if (full && entry.origin === 'import') throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })
      return put(entry)
    }
    const stopped = await importFolder(library, dir).catch((err: unknown) => err)
    expect(stopped).toBeInstanceOf(ImportStoppedError)
    expect((stopped as Error).message).toMatch(/^The import stopped: ENOSPC: no space left on device, write\. 0 pictures were imported; import the folder again to carry on\.$/)
    expect(library.size()).toBe(0)

    full = false
    const again = await importFolder(library, dir)
    expect(again).toMatchObject({ found: 6, imported: 6, duplicates: 0, skipped: 0, cancelled: false })
    expect(library.size()).toBe(6)
    for (const p of pictures) expect(library.get(`import-${sha(p)}`)?.origin).toBe('import')
    expect(await strays(library)).toEqual([])
  })

  it('finishes a copy whose original has gone since, and keeps the favourite of an entry a repair made of it meanwhile', async () => {
    const { library, dir, pictures } = await setup(1)
    const id = `import-${sha(pictures[0]!)}`
    const put = library.put.bind(library)
    library.put = async (entry: LibraryEntry) => (entry.origin === 'import' ? Promise.reject(new Error('killed')) : put(entry))
    await expect(importFolder(library, dir)).rejects.toThrow(ImportStoppedError)
    library.put = put
    // The app started in between and its repair listed the copy as an entry of its own, which the user marked.
    await library.put({ id, jobId: id, model: 'm', modality: 'image', prompt: 'picture 0', params: {}, creditCost: null, createdAt: new Date().toISOString(), completedAt: null, savedAt: null, origin: 'app', files: [], inputs: [], favorite: true, boards: [] })
    await writeFile(join(dir, '000.png'), await plainPng(4, 4, 3)) // the original replaced by another picture

    const again = await importFolder(library, dir)
    expect(again.imported).toBe(2)
    expect(library.get(id)).toMatchObject({ origin: 'import', favorite: true, prompt: 'picture 0', params: { steps: 10 }, imported: { tool: 'a1111' } })
  })

  it('clears a copy that never reached its place (killed while it was written)', async () => {
    const { library, dir, pictures } = await setup(1)
    const id = `import-${sha(pictures[0]!)}`
    const gone = `import-${'0'.repeat(64)}`
    for (const entry of [id, gone]) {
      await mkdir(library.paths.abs(join('files', entry)), { recursive: true })
      await writeFile(library.paths.abs(join('files', entry, '.0.png.999999.a1b2c3d4.tmp')), 'half a copy')
    }
    const journal = await ImportJournal.open(library.paths.root)
    await journal.put({ id: join(dir, '000.png'), entryId: id, ext: 'png', size: 1, mtimeMs: 1, state: 'placing' })
    await journal.put({ id: join(dir, 'deleted since.png'), entryId: gone, ext: 'png', size: 1, mtimeMs: 1, state: 'placing' })
    await journal.close()

    expect(await importFolder(library, dir)).toMatchObject({ imported: 1 })
    expect(await strays(library)).toEqual([])
    expect(await readdir(library.paths.abs('files'))).toEqual([id])
    const lines = (await readFile(join(library.paths.root, IMPORT_JOURNAL_FILE), 'utf8')).trim().split('\n')
    expect(lines.at(-1)).toContain('"state":"done"')
  })

  it('stops taking files when cancelled, and the next import carries on from there', async () => {
    const { library, dir, pictures } = await setup(5)
    const stop = new AbortController()
    const first = await importFolder(library, dir, { concurrency: 1, signal: stop.signal, onProgress: (p) => p.phase === 'import' && p.done === 2 && stop.abort() })
    expect(first).toMatchObject({ found: 5, done: 2, imported: 2, cancelled: true })
    expect(library.size()).toBe(2)
    const second = await importFolder(library, dir)
    expect(second).toMatchObject({ found: 5, imported: 3, duplicates: 2, cancelled: false })
    expect(library.size()).toBe(pictures.length)
    expect(await strays(library)).toEqual([])
  })
})
