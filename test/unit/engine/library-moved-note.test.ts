// The note a library move leaves in the old folder is input like any file: whatever shape
// it takes, following it either leads to an existing folder or refuses with a message that
// names the note (or the folder it names), and never takes the old folder for the library.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { followLibraryMoves, LibraryMovedError, MOVED_NOTE, writeMovedNote } from '../../../src/main/core/library/library-moved'
import { cleanupAfterEach } from '../support/cleanup'

const cleanup = cleanupAfterEach()

async function folders(...names: string[]): Promise<string[]> {
  const root = await cleanup.tempDir('moved-note-')
  const dirs = names.map((n) => join(root, n))
  for (const d of dirs) await mkdir(d, { recursive: true })
  return dirs
}

async function refusal(dir: string): Promise<string> {
  const err = await followLibraryMoves(dir).then(() => null, (e: unknown) => e)
  expect(err).toBeInstanceOf(LibraryMovedError)
  return (err as Error).message
}

describe('following a library move’s note', () => {
  it('keeps a folder with no note, even one not made yet, as it was given', async () => {
    const [a] = await folders('a')
    expect(await followLibraryMoves(a!)).toEqual({ dir: a, moves: [] })
    expect(await followLibraryMoves(join(a!, 'not yet'))).toEqual({ dir: join(a!, 'not yet'), moves: [] })
  })

  it('follows a library moved twice to where it is now, with when each move was made', async () => {
    const [a, b, c] = await folders('a', 'b', 'c')
    await writeMovedNote(a!, b!, new Date('2025-03-01T10:00:00Z'))
    await writeMovedNote(b!, c!, new Date('2025-04-01T10:00:00Z'))
    const { dir, moves } = await followLibraryMoves(a!)
    expect(dir).toBe(c)
    expect(moves).toEqual([
      { from: a, to: b, at: '2025-03-01T10:00:00.000Z' },
      { from: b, to: c, at: '2025-04-01T10:00:00.000Z' }
    ])
  })

  it('takes a note written by hand with only the new folder in it', async () => {
    const [a, b] = await folders('a', 'b')
    await writeFile(join(a!, MOVED_NOTE), JSON.stringify({ movedTo: b }))
    expect((await followLibraryMoves(a!)).dir).toBe(b)
  })

  it.each([
    ['cut short', '{"movedTo": "/somewh', 'it is not JSON'],
    ['empty', '', 'it is not JSON'],
    ['a list', '[]', 'names no full path'],
    ['a relative path', JSON.stringify({ movedTo: 'elsewhere/library' }), 'names no full path'],
    ['a number for the path', JSON.stringify({ movedTo: 42 }), 'names no full path'],
    ['far too large', JSON.stringify({ movedTo: '/x', pad: 'x'.repeat(100_000) }), 'far too large']
  ])('refuses a note that is %s, naming it', async (_shape, text, why) => {
    const [a] = await folders('a')
    await writeFile(join(a!, MOVED_NOTE), text)
    const message = await refusal(a!)
    expect(message).toContain(join(a!, MOVED_NOTE))
    expect(message).toContain(why)
  })

  it('refuses a folder in the note’s place', async () => {
    const [a] = await folders('a')
    await mkdir(join(a!, MOVED_NOTE))
    expect(await refusal(a!)).toContain(`${join(a!, MOVED_NOTE)}) cannot be read`)
  })

  it('refuses a note naming a file, or a folder that is gone, naming it', async () => {
    const [a, b] = await folders('a', 'b')
    await writeFile(join(b!, 'file'), 'x')
    await writeMovedNote(a!, join(b!, 'file'))
    expect(await refusal(a!)).toContain(`was moved to ${join(b!, 'file')}`)
    await writeMovedNote(a!, join(b!, 'gone'))
    expect(await refusal(a!)).toMatch(new RegExp(`was moved to ${join(b!, 'gone')} on \\d{4}-\\d\\d-\\d\\d [\\d:]+ UTC, which cannot be found now`))
  })

  it('refuses notes that lead back to a folder already passed', async () => {
    const [a, b] = await folders('a', 'b')
    await writeMovedNote(a!, b!)
    await writeMovedNote(b!, a!)
    expect(await refusal(a!)).toContain(`(${a} → ${b} → ${a})`)
  })
})
