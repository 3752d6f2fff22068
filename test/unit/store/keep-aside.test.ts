// A damaged file is kept aside, never overwritten: `.damaged`, then `.damaged-2`, … for
// every file the app sets aside (the one keepAside in core/fs), so a second damaged copy
// of the same file never takes the place of the first.
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { keepAside } from '../../../src/main/core/fs/keep-aside'
import { Library } from '../../../src/main/core/library/library'
import { LibraryCollections } from '../../../src/main/core/library/collections'
import { KeptUploads } from '../../../src/main/core/app/kept-uploads'
import { FileSettingsStore } from '../../../src/main/core/settings/file-settings-store'
import { cleanupAfterEach } from '../support/cleanup'

const cleanup = cleanupAfterEach()

describe('keepAside', () => {
  it('gives a second damaged copy the next free name and keeps the first as it was', async () => {
    const dir = await cleanup.tempDir('keep-aside-')
    const file = join(dir, 'boards.json')
    await writeFile(file, 'first')
    expect(keepAside(file)).toBe(`${file}.damaged`)
    await writeFile(file, 'second')
    expect(keepAside(file)).toBe(`${file}.damaged-2`)
    await writeFile(file, 'third')
    expect(keepAside(file, { copy: true })).toBe(`${file}.damaged-3`)
    expect(await Promise.all(['.damaged', '.damaged-2', '.damaged-3', ''].map((s) => readFile(file + s, 'utf8')))).toEqual(['first', 'second', 'third', 'third'])
  })

  it('moves the files that belong to it along under the same name, and a folder in the file\'s place', async () => {
    const dir = await cleanup.tempDir('keep-aside-')
    const file = join(dir, 'index.sqlite')
    await writeFile(`${file}.damaged`, 'an earlier one')
    for (const suffix of ['', '-wal', '-shm']) await writeFile(file + suffix, `now${suffix}`)
    expect(keepAside(file, { along: ['-wal', '-shm'] })).toBe(`${file}.damaged-2`)
    expect((await readdir(dir)).sort()).toEqual(['index.sqlite.damaged', 'index.sqlite.damaged-2', 'index.sqlite.damaged-2-shm', 'index.sqlite.damaged-2-wal'])
    expect(await readFile(`${file}.damaged`, 'utf8')).toBe('an earlier one')
    await mkdir(file)
    expect(keepAside(file)).toBe(`${file}.damaged-3`)
  })
})

describe('every place that sets a damaged file aside', () => {
  /** Damages `file` twice, opening `open` after each; both damaged copies must be there, the first unchanged. */
  async function twice(file: string, open: () => Promise<unknown>): Promise<void> {
    await writeFile(file, '{"first damaged copy')
    await open()
    await writeFile(file, '{"second damaged copy')
    await open()
    expect(await readFile(`${file}.damaged`, 'utf8')).toBe('{"first damaged copy')
    expect(await readFile(`${file}.damaged-2`, 'utf8')).toBe('{"second damaged copy')
  }

  it("keeps both damaged copies of the boards' copy and of a delete's file", async () => {
    const dir = await cleanup.tempDir('keep-aside-library-')
    const openLibrary = async () => {
      const library = await Library.open(dir)
      await LibraryCollections.open(library)
      await library.close()
    }
    await twice(join(dir, 'boards.json'), openLibrary)
    await mkdir(join(dir, 'deleted'), { recursive: true })
    await twice(join(dir, 'deleted', 'job-1.json'), openLibrary)
  })

  it('keeps both damaged copies of the index', async () => {
    const dir = await cleanup.tempDir('keep-aside-index-')
    await twice(join(dir, 'index.sqlite'), async () => (await Library.open(dir)).close())
  })

  it('keeps both damaged copies of the uploads list and of the settings', async () => {
    const dir = await cleanup.tempDir('keep-aside-app-')
    await twice(join(dir, 'uploads.json'), () => KeptUploads.open(join(dir, 'uploads.json'), () => undefined))
    await twice(join(dir, 'settings.json'), async () => new FileSettingsStore(join(dir, 'settings.json')))
  })
})
