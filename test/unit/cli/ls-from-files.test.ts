// `ls` lists what the app shows, favourites and boards included, and still lists every
// entry when the index cannot be used (missing, damaged, a folder in its place): from the
// entry files in the job folders, saying so on stderr.
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { lsCommand } from '../../../src/main/cli/ls'
import { Library } from '../../../src/main/core/library/library'
import { LibraryCollections } from '../../../src/main/core/library/collections'
import { cleanupAfterEach } from '../support/cleanup'
import { indexFile, madeEntry, overwritePages, pagesOf } from '../support/library-entries'

const cleanup = cleanupAfterEach()

interface Listed {
  jobId: string
  favorite: boolean
  boards: { id: string; name: string | null }[]
}

/** A data folder whose library has ten entries, two favourites, two on a board, one deleted. */
async function dataFolder(): Promise<{ dataDir: string; libraryDir: string; boardId: string }> {
  const dataDir = await cleanup.tempDir('ls-from-files-')
  const libraryDir = join(dataDir, 'live', 'library')
  const library = await Library.open(libraryDir)
  const collections = await LibraryCollections.open(library)
  for (let n = 1; n <= 10; n++) await library.put(madeEntry(n, { favorite: false }))
  await collections.setFavorite(['job-2', 'job-4'], true)
  const board = await collections.createBoard('Keepers')
  await collections.setOnBoard(['job-4', 'job-6'], board.id, true)
  await library.remove('job-9')
  await library.close()
  return { dataDir, libraryDir, boardId: board.id }
}

async function ls(dataDir: string, json = true): Promise<{ out: string; err: string[] }> {
  const out: string[] = []
  const err: string[] = []
  expect(await lsCommand(dataDir, json ? { json: true } : {}, (l) => out.push(l), (l) => err.push(l))).toBe(0)
  return { out: out.join('\n'), err }
}

const expected = (boardId: string): Listed[] => [10, 8, 7, 6, 5, 4, 3, 2, 1].map((n) => ({
  jobId: `job-${n}`,
  favorite: n === 2 || n === 4,
  boards: n === 4 || n === 6 ? [{ id: boardId, name: 'Keepers' }] : []
}))
const summary = (out: string) => (JSON.parse(out) as Listed[]).map(({ jobId, favorite, boards }) => ({ jobId, favorite, boards }))

describe('ls', () => {
  it('gives each entry its favourite mark and its boards, by id and name, as the app shows them', async () => {
    const { dataDir, boardId } = await dataFolder()
    const { out, err } = await ls(dataDir)
    expect(summary(out)).toEqual(expected(boardId))
    expect(err).toEqual([])
    const plain = (await ls(dataDir, false)).out.split('\n').filter((l) => l.startsWith('job-'))
    expect(plain.find((l) => l.startsWith('job-4 '))).toMatch(/favourite {2}boards: Keepers$/)
    expect(plain.find((l) => l.startsWith('job-3 '))).not.toMatch(/favourite|boards/)
  })

  it.each([
    ['missing', (file: string) => rm(file), 'there is no index'],
    ['not a database', (file: string) => writeFile(file, 'junk'.repeat(2000)), 'index.sqlite could not be read'],
    ['damaged inside', async (file: string) => overwritePages(file, pagesOf(file, 'entries')), 'index.sqlite could not be read'],
    ['a folder', async (file: string) => {
      await rm(file)
      await mkdir(file)
    }, 'index.sqlite could not be read']
  ])('lists every entry from the files when the index is %s, and says so on stderr', async (_what, harm, why) => {
    const { dataDir, libraryDir, boardId } = await dataFolder()
    for (const suffix of ['-wal', '-shm']) await rm(indexFile(libraryDir) + suffix, { force: true })
    await harm(indexFile(libraryDir))
    const { out, err } = await ls(dataDir)
    expect(summary(out)).toEqual(expected(boardId))
    expect(err).toEqual([expect.stringMatching(new RegExp(`^The library’s index could not be used \\(${why}.*\\); listing the entries from their files`))])
  })

  it('leaves out, from the files, an entry whose delete was cut short, and counts an unreadable entry file', async () => {
    const { dataDir, libraryDir, boardId } = await dataFolder()
    await rm(indexFile(libraryDir))
    await writeFile(join(libraryDir, 'deleted', 'job-3.json'), JSON.stringify({ id: 'job-3', deletedAt: Date.now() }))
    await writeFile(join(libraryDir, 'files', 'job-5', 'entry.json'), '{"cut sh')
    const { out, err } = await ls(dataDir)
    expect(summary(out)).toEqual(expected(boardId).filter((e) => e.jobId !== 'job-3' && e.jobId !== 'job-5'))
    expect(err).toContainEqual(expect.stringContaining('1 library entry could not be read'))
  })
})
