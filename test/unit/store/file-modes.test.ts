// The files the app writes for itself are readable by the user only: the job journal,
// the library's index and entries, settings. Not meaningful where there are no POSIX
// modes (Windows), so skipped there.
import { chmod, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { writeFileAtomic } from '../../../src/main/core/fs/atomic-write'
import { RecordLog } from '../../../src/main/core/store/record-log'
import { damagedPath } from '../../../src/main/core/store/snapshot'
import { Library } from '../../../src/main/core/library/library'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'file-modes-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const modeOf = async (path: string) => (await stat(path)).mode & 0o777

describe.skipIf(process.platform === 'win32')('file modes', () => {
  it('a record log is created 0600 in a 0700 folder, and stays 0600 through compaction', async () => {
    const file = join(dir, 'made', 'journal.jsonl')
    const log = await RecordLog.open<{ id: string; n: number }>(file)
    expect(await modeOf(file)).toBe(0o600)
    expect(await modeOf(join(dir, 'made'))).toBe(0o700)
    for (let i = 0; i < 20; i++) await log.put({ id: 'a', n: i })
    await log.compact()
    expect(await modeOf(file)).toBe(0o600)
    await log.close()
  })

  it('a record log left readable by an earlier version is made private on open', async () => {
    const file = join(dir, 'journal.jsonl')
    await writeFile(file, '')
    await chmod(file, 0o644)
    const log = await RecordLog.open<{ id: string }>(file)
    await log.close()
    expect(await modeOf(file)).toBe(0o600)
  })

  it('damaged lines set aside go to a 0600 side file', async () => {
    const file = join(dir, 'journal.jsonl')
    await writeFile(file, 'not a record\n')
    const log = await RecordLog.open<{ id: string }>(file)
    await log.compact()
    await log.close()
    expect(await modeOf(damagedPath(file))).toBe(0o600)
  })

  it("the library's index and its write-ahead files are 0600, and an index left readable is made private on open", async () => {
    const library = await Library.open(dir)
    for (const name of ['index.sqlite', 'index.sqlite-wal', 'index.sqlite-shm']) expect(await modeOf(join(dir, name)), name).toBe(0o600)
    await library.close()
    await chmod(join(dir, 'index.sqlite'), 0o644)
    await (await Library.open(dir)).close()
    expect(await modeOf(join(dir, 'index.sqlite'))).toBe(0o600)
  })

  it('writeFileAtomic creates 0600 files, and makes a replaced file 0600', async () => {
    const fresh = join(dir, 'entry.json')
    await writeFileAtomic(fresh, '{}')
    expect(await modeOf(fresh)).toBe(0o600)
    const old = join(dir, 'settings.json')
    await writeFile(old, '{}')
    await chmod(old, 0o644)
    await writeFileAtomic(old, '{"a":1}')
    expect(await modeOf(old)).toBe(0o600)
    expect((await readdir(dir)).sort()).toEqual(['entry.json', 'settings.json'])
  })
})
