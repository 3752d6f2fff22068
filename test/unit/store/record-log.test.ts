import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { appendFile, mkdtemp, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { RecordLog } from '../../../src/main/core/store/record-log'
import { encodePut } from '../../../src/main/core/store/line-codec'
import { compactionTempPath, damagedPath } from '../../../src/main/core/store/snapshot'

interface Rec {
  id: string
  n: number
  note?: string
}

function isRec(v: unknown): Rec | null {
  if (typeof v !== 'object' || v === null) return null
  const r = v as Partial<Rec>
  return typeof r.id === 'string' && typeof r.n === 'number' ? (v as Rec) : null
}

let dir: string
let file: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'record-log-'))
  file = join(dir, 'log.jsonl')
})

afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function lines(): Promise<string[]> {
  return (await readFile(file, 'utf8')).split('\n').filter((l) => l !== '')
}

describe('RecordLog', () => {
  it('round-trips puts, overwrites and deletes across a reopen', async () => {
    const log = await RecordLog.open<Rec>(file, { validate: isRec })
    await log.put({ id: 'a', n: 1 })
    await log.put({ id: 'b', n: 2, note: 'ünïcödé ✓ \u2028' })
    await log.put({ id: 'a', n: 3 })
    await log.put({ id: 'c', n: 4 })
    await log.delete('c')
    expect(log.get('a')).toEqual({ id: 'a', n: 3 })
    expect(log.has('c')).toBe(false)
    await log.close()

    const again = await RecordLog.open<Rec>(file, { validate: isRec })
    expect(again.all()).toEqual([
      { id: 'a', n: 3 },
      { id: 'b', n: 2, note: 'ünïcödé ✓ \u2028' }
    ])
    expect(again.size).toBe(2)
    expect(again.stats()).toMatchObject({ records: 2, corrupt: 0, invalid: 0, tornBytes: 0 })
    await again.close()
  })

  it('stores a copy: later changes to the caller object are not recorded', async () => {
    const log = await RecordLog.open<Rec>(file)
    const rec = { id: 'a', n: 1 }
    await log.put(rec)
    rec.n = 99
    expect(log.get('a')?.n).toBe(1)
    await log.close()
  })

  it('makes a change visible only once it is on disk', async () => {
    const log = await RecordLog.open<Rec>(file, { fsync: 'batch' })
    const pending = log.put({ id: 'a', n: 1 })
    expect(log.get('a')).toBeUndefined()
    await pending
    expect(log.get('a')).toEqual({ id: 'a', n: 1 })
    await log.close()
  })

  it('rejects records that would not load back, writing nothing', async () => {
    const log = await RecordLog.open<Rec>(file, { validate: isRec })
    await expect(log.put({ id: 'a' } as unknown as Rec)).rejects.toThrow(TypeError)
    await expect(log.put({ n: 1 } as unknown as Rec)).rejects.toThrow(TypeError)
    await expect(log.put({ id: '', n: 1 })).rejects.toThrow(TypeError)
    await log.close()
    expect(await lines()).toEqual([])
  })

  it('keeps concurrent writes in order in batch mode (last write wins)', async () => {
    const log = await RecordLog.open<Rec>(file, { fsync: 'batch' })
    await Promise.all(Array.from({ length: 200 }, (_, i) => log.put({ id: `k${i % 7}`, n: i })))
    const expected = new Map<string, number>()
    for (let i = 0; i < 200; i++) expected.set(`k${i % 7}`, i)
    for (const [id, n] of expected) expect(log.get(id)?.n).toBe(n)
    await log.close()
    const again = await RecordLog.open<Rec>(file)
    for (const [id, n] of expected) expect(again.get(id)?.n).toBe(n)
    await again.close()
  })

  it('drops a torn last line and keeps appending cleanly after it', async () => {
    const log = await RecordLog.open<Rec>(file)
    for (let i = 0; i < 5; i++) await log.put({ id: `r${i}`, n: i, note: 'x'.repeat(40) })
    await log.close()
    const size = (await stat(file)).size
    await truncate(file, size - 20) // cut the last line mid-way, as a crash would

    const reopened = await RecordLog.open<Rec>(file)
    expect(reopened.all().map((r) => r.id)).toEqual(['r0', 'r1', 'r2', 'r3'])
    expect(reopened.stats().tornBytes).toBeGreaterThan(0)
    await reopened.put({ id: 'r5', n: 5 })
    await reopened.close()

    const third = await RecordLog.open<Rec>(file)
    expect(third.all().map((r) => r.id)).toEqual(['r0', 'r1', 'r2', 'r3', 'r5'])
    expect(third.stats()).toMatchObject({ corrupt: 0, tornBytes: 0 })
    await third.close()
  })

  it('skips damaged and foreign lines in the middle and counts them', async () => {
    const log = await RecordLog.open<Rec>(file)
    await log.put({ id: 'a', n: 1 })
    await log.close()
    const good = encodePut(JSON.stringify({ id: 'b', n: 2 })).toString('utf8').trimEnd()
    const flipped = good.replace('"n":2', '"n":7') // checksum no longer matches
    await appendFile(file, `garbage that is not a record\n${flipped}\n{"id":"c","n":3}\n\n`)
    await appendFile(file, encodePut(JSON.stringify({ id: 'd', n: 4 })))

    const reopened = await RecordLog.open<Rec>(file)
    expect(reopened.all().map((r) => r.id)).toEqual(['a', 'd'])
    expect(reopened.stats().corrupt).toBe(3) // blank lines are not damage
    await reopened.close()
  })

  it('skips and counts records that fail validation, keeping the earlier version', async () => {
    const log = await RecordLog.open<Rec>(file)
    await log.put({ id: 'a', n: 1 })
    await log.put({ id: 'a', n: 'two' } as unknown as Rec)
    await log.put({ id: 'b', n: 'x' } as unknown as Rec)
    await log.close()

    const strict = await RecordLog.open<Rec>(file, { validate: isRec })
    expect(strict.all()).toEqual([{ id: 'a', n: 1 }])
    expect(strict.stats().invalid).toBe(2)
    await strict.close()

    const throwing = await RecordLog.open<Rec>(file, {
      validate: (v) => {
        if (typeof (v as Rec).n !== 'number') throw new Error('bad record')
        return v as Rec
      }
    })
    expect(throwing.all()).toEqual([{ id: 'a', n: 1 }])
    expect(throwing.stats().invalid).toBe(2)
    await throwing.close()
  })

  it('carries records that fail validation through compaction untouched', async () => {
    const loose = await RecordLog.open<Rec>(file)
    await loose.put({ id: 'a', n: 1 })
    await loose.put({ id: 'a', n: 'newer schema' } as unknown as Rec)
    await loose.put({ id: 'b', n: 'x' } as unknown as Rec)
    await loose.put({ id: 'c', n: 'x' } as unknown as Rec)
    for (let i = 0; i < 50; i++) await loose.put({ id: 'churn', n: i })
    await loose.close()

    const strict = await RecordLog.open<Rec>(file, { validate: isRec, compactMinWaste: 1 })
    expect(strict.stats().compactions).toBe(1)
    expect(strict.all()).toEqual([{ id: 'a', n: 1 }, { id: 'churn', n: 49 }])
    await strict.put({ id: 'c', n: 3 }) // a deliberate overwrite replaces the unreadable version
    await strict.compact()
    await strict.close()

    const loose2 = await RecordLog.open<Rec>(file)
    expect(loose2.get('a')?.n).toBe('newer schema')
    expect(loose2.get('b')?.n).toBe('x')
    expect(loose2.get('c')?.n).toBe(3)
    await loose2.close()
  })

  it('sets damaged lines and torn tails aside in a side file instead of deleting them', async () => {
    const log = await RecordLog.open<Rec>(file)
    await log.put({ id: 'a', n: 1 })
    await log.close()
    await appendFile(file, 'garbage line\n')
    await appendFile(file, encodePut(JSON.stringify({ id: 'b', n: 2 })))
    await appendFile(file, '0123abcd P{"id":"tor')

    // Cutting the torn tail off is the moment bytes would vanish, so everything
    // damaged so far is saved then; compaction saves any found later.
    const reopened = await RecordLog.open<Rec>(file)
    const aside = 'garbage line\n0123abcd P{"id":"tor\n'
    expect(await readFile(damagedPath(file), 'utf8')).toBe(aside)
    await reopened.compact()
    await reopened.close()
    expect(await readFile(damagedPath(file), 'utf8')).toBe(aside)
    expect(await lines()).toHaveLength(2)

    await appendFile(file, 'more garbage\n')
    const third = await RecordLog.open<Rec>(file)
    await third.compact()
    await third.close()
    expect(await readFile(damagedPath(file), 'utf8')).toBe(`${aside}more garbage\n`)
    expect(await lines()).toHaveLength(2)
  })

  it('compacts on demand: same data, smaller file', async () => {
    const log = await RecordLog.open<Rec>(file)
    for (let round = 0; round < 20; round++) {
      for (let i = 0; i < 10; i++) await log.put({ id: `k${i}`, n: round * 10 + i })
    }
    await log.put({ id: 'gone', n: 0 })
    await log.delete('gone')
    const before = (await stat(file)).size
    await log.compact()
    const after = (await stat(file)).size
    expect(after).toBeLessThan(before / 10)
    expect(log.stats()).toMatchObject({ fileBytes: after, liveBytes: after, compactions: 1 })
    await log.put({ id: 'k0', n: -1 }) // still appends to the new file
    await log.close()

    const reopened = await RecordLog.open<Rec>(file)
    expect(reopened.size).toBe(10)
    expect(reopened.get('k0')?.n).toBe(-1)
    expect(reopened.get('k9')?.n).toBe(199)
    expect(reopened.has('gone')).toBe(false)
    await reopened.close()
  })

  it('compacts by itself once the file is more than twice the live data', async () => {
    const log = await RecordLog.open<Rec>(file, { compactMinWaste: 4096 })
    for (let i = 0; i < 300; i++) await log.put({ id: `k${i % 5}`, n: i, note: 'y'.repeat(50) })
    const stats = log.stats()
    expect(stats.compactions).toBeGreaterThan(0)
    expect(stats.fileBytes).toBeLessThanOrEqual(2 * stats.liveBytes + 4096)
    expect((await stat(file)).size).toBe(stats.fileBytes)
    await log.close()
    const reopened = await RecordLog.open<Rec>(file)
    expect(reopened.all().map((r) => r.n)).toEqual([295, 296, 297, 298, 299])
    await reopened.close()
  })

  it('compacts on open when the file is mostly dead lines', async () => {
    const log = await RecordLog.open<Rec>(file, { compactMinWaste: Number.MAX_SAFE_INTEGER })
    for (let i = 0; i < 100; i++) await log.put({ id: 'same', n: i })
    await log.close()
    const before = (await stat(file)).size

    const reopened = await RecordLog.open<Rec>(file, { compactMinWaste: 1 })
    expect(reopened.stats().compactions).toBe(1)
    expect((await stat(file)).size).toBeLessThan(before / 50)
    expect(reopened.get('same')?.n).toBe(99)
    await reopened.close()
  })

  it('ignores a snapshot left by a compaction that was killed', async () => {
    const log = await RecordLog.open<Rec>(file)
    await log.put({ id: 'a', n: 1 })
    await log.close()
    const temp = compactionTempPath(file)
    await writeFile(temp, encodePut(JSON.stringify({ id: 'half', n: 0 })).subarray(0, 10))

    const reopened = await RecordLog.open<Rec>(file)
    expect(reopened.all()).toEqual([{ id: 'a', n: 1 }])
    await reopened.close()
    await expect(stat(temp)).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('loads records longer than its read buffer', async () => {
    const log = await RecordLog.open<Rec>(file)
    const big = 'z'.repeat(9 * 1024 * 1024)
    await log.put({ id: 'small', n: 1 })
    await log.put({ id: 'big', n: 2, note: big })
    await log.put({ id: 'after', n: 3 })
    await log.close()
    const reopened = await RecordLog.open<Rec>(file)
    expect(reopened.get('big')?.note).toBe(big)
    expect(reopened.all().map((r) => r.id)).toEqual(['small', 'big', 'after'])
    await reopened.close()
  })

  it('refuses writes after close', async () => {
    const log = await RecordLog.open<Rec>(file)
    await log.close()
    await expect(log.put({ id: 'a', n: 1 })).rejects.toThrow(/closed/)
  })
})
