// A full or failing disk under a record log. A write its caller was told failed is never
// found later, not even by a start right after a crash (the job journal answers "not sent"
// on that); and a log with a torn tail still opens on a full disk.
import { appendFile, readFile, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { RecordLog } from '../../../src/main/core/store/record-log'
import { damagedPath } from '../../../src/main/core/store/snapshot'
import { cleanupAfterEach } from '../support/cleanup'
import { diskBudget } from '../support/disk-budget'

const cleanup = cleanupAfterEach()

interface Rec {
  id: string
  pad: string
}

async function openLog(file: string, fsync: 'always' | 'batch' = 'always'): Promise<RecordLog<Rec>> {
  const log = await RecordLog.open<Rec>(file, { fsync })
  cleanup.defer(() => log.close())
  return log
}

/** What a start would find now, as if the process had been killed this instant. */
async function foundAfterCrash(file: string): Promise<string[]> {
  const log = await RecordLog.open<Rec>(file)
  const ids = log.all().map((r) => r.id)
  await log.close()
  return ids
}

describe('a record log on a full or failing disk', () => {
  it('cuts off a whole line whose fsync failed before its writer hears of it', async () => {
    const file = join(await cleanup.tempDir('log-fsync-'), 'log.jsonl')
    const log = await openLog(file)
    await log.put({ id: 'kept', pad: '' })
    // The write lands whole in the page cache, then fdatasync fails (ENOSPC on a disk
    // that allocates late, EIO).
    const handle = (log as unknown as { appender: FileHandle }).appender
    const proto = Object.getPrototypeOf(handle) as { datasync: FileHandle['datasync'] }
    const spy = vi.spyOn(proto, 'datasync').mockRejectedValueOnce(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO', syscall: 'fdatasync' }))
    cleanup.defer(() => spy.mockRestore())

    await expect(log.put({ id: 'told-failed', pad: '' })).rejects.toThrow('EIO')
    expect(await foundAfterCrash(file)).toEqual(['kept'])
    expect(log.get('told-failed')).toBeUndefined()
    // And the log goes on.
    await log.put({ id: 'next', pad: '' })
    expect(await foundAfterCrash(file)).toEqual(['kept', 'next'])
  })

  it('leaves nothing of a group commit cut short by a full disk', async () => {
    const dir = await cleanup.tempDir('log-group-')
    const file = join(dir, 'log.jsonl')
    const disk = await diskBudget(dir)
    cleanup.defer(() => disk.restore())
    const log = await openLog(file, 'batch')
    await log.put({ id: 'kept', pad: '' })
    const pad = 'x'.repeat(200)
    const lineBytes = Buffer.byteLength(JSON.stringify({ id: 'g1', pad })) + 11
    const firstBytes = Buffer.byteLength(JSON.stringify({ id: 'first', pad: '' })) + 11
    // The writers that arrive while the first write is under way share the next write,
    // with room for one line and a half: one lands whole, the next in part.
    disk.roomFor(firstBytes + lineBytes + Math.floor(lineBytes / 2))
    const ids = ['first', 'g1', 'g2', 'g3', 'g4']
    const answers = await Promise.allSettled(ids.map((id) => log.put({ id, pad: id === 'first' ? '' : pad })))
    const told = ids.filter((_, i) => answers[i]?.status === 'fulfilled')
    expect(told.length).toBeLessThan(ids.length)
    expect(await foundAfterCrash(file)).toEqual(['kept', ...told])
  })

  it('opens a log with a torn tail on a full disk; the torn bytes reach the side file once there is room', async () => {
    const dir = await cleanup.tempDir('log-torn-')
    const file = join(dir, 'log.jsonl')
    const first = await RecordLog.open<Rec>(file)
    await first.put({ id: 'a', pad: '' })
    await first.close()
    await appendFile(file, '0123abcd P{"id":"tor')
    const disk = await diskBudget(dir)
    cleanup.defer(() => disk.restore())

    disk.roomFor(0)
    const log = await openLog(file)
    expect(log.all().map((r) => r.id)).toEqual(['a'])
    disk.free()
    await log.put({ id: 'b', pad: '' })
    expect(await foundAfterCrash(file)).toEqual(['a', 'b'])
    await log.compact()
    expect(await readFile(damagedPath(file), 'utf8')).toBe('0123abcd P{"id":"tor\n')
  })
})
