// A folder is copied, each file hashed on the way and checked again at the new place,
// with progress through the phases; a file that already exists there stops the copy.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { copyVerified, type CopyProgress } from '../../../src/main/core/fs/copy-verified'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'copy-'))
  await mkdir(join(dir, 'from', 'files', 'job-1'), { recursive: true })
  await writeFile(join(dir, 'from', 'files', 'job-1', '0.png'), Buffer.alloc(300_000, 7))
  await writeFile(join(dir, 'from', 'summaries.jsonl'), '{"a":1}\n')
})
afterEach(() => rm(dir, { recursive: true, force: true }))

describe('copyVerified', () => {
  it('copies every file, checks it, and reports each phase', async () => {
    const seen: CopyProgress[] = []
    const r = await copyVerified(join(dir, 'from'), join(dir, 'to'), (p) => seen.push(p))
    expect(r).toEqual({ files: 2, bytes: 300_008 })
    expect(await readFile(join(dir, 'to', 'summaries.jsonl'), 'utf8')).toBe('{"a":1}\n')
    expect((await readFile(join(dir, 'to', 'files', 'job-1', '0.png'))).equals(Buffer.alloc(300_000, 7))).toBe(true)
    expect(seen[0]).toMatchObject({ phase: 'scan', totalFiles: 2, totalBytes: 300_008 })
    expect(seen.at(-1)).toMatchObject({ phase: 'verify', doneFiles: 2, doneBytes: 300_008 })
    expect(seen.some((p) => p.phase === 'copy' && p.doneFiles === 2)).toBe(true)
  })

  it('never overwrites a file at the new place', async () => {
    await mkdir(join(dir, 'to'), { recursive: true })
    await writeFile(join(dir, 'to', 'summaries.jsonl'), 'theirs')
    await expect(copyVerified(join(dir, 'from'), join(dir, 'to'), () => undefined)).rejects.toThrow(/EEXIST/)
    expect(await readFile(join(dir, 'to', 'summaries.jsonl'), 'utf8')).toBe('theirs')
  })
})
