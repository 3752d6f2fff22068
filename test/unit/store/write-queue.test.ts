import { describe, expect, it } from 'vitest'
import { WriteQueue } from '../../../src/main/core/store/write-queue'
import type { QueueTarget } from '../../../src/main/core/store/write-queue'
import { Unreadable } from '../../../src/main/core/store/unreadable'

/** A target that records each append and can be told to fail. */
function fakeTarget(): QueueTarget & { appends: string[]; steps: string[]; failNext: boolean; compactFails: boolean; recoverFails: boolean; recoveries: number } {
  const target = {
    appends: [] as string[],
    /** Appends, failed appends and recoveries, in order. */
    steps: [] as string[],
    failNext: false,
    compactFails: false,
    recoverFails: false,
    recoveries: 0,
    async recover(): Promise<void> {
      target.recoveries++
      target.steps.push('recover')
      if (target.recoverFails) throw new Error('EIO on truncate')
    },
    async append(data: Buffer): Promise<void> {
      // An append takes a turn of the event loop, as a real write and fsync do.
      await new Promise((r) => setImmediate(r))
      if (target.failNext) {
        target.steps.push('append failed')
        throw new Error('EIO')
      }
      target.appends.push(data.toString())
    },
    async afterCommit(): Promise<void> {},
    async compact(): Promise<void> {
      if (target.compactFails) throw new Error('ENOSPC')
    }
  }
  return target
}

const line = (s: string): Buffer => Buffer.from(`${s};`)

describe('WriteQueue', () => {
  it("groups writes that arrive during an fsync in 'batch' mode", async () => {
    const target = fakeTarget()
    const queue = new WriteQueue('batch', target)
    const applied: string[] = []
    await Promise.all(['a', 'b', 'c', 'd'].map((s) => queue.write(line(s), () => applied.push(s))))
    expect(target.appends).toEqual(['a;', 'b;c;d;'])
    expect(applied).toEqual(['a', 'b', 'c', 'd'])
  })

  it("gives every write its own append in 'always' mode", async () => {
    const target = fakeTarget()
    const queue = new WriteQueue('always', target)
    await Promise.all(['a', 'b', 'c'].map((s) => queue.write(line(s), () => {})))
    expect(target.appends).toEqual(['a;', 'b;', 'c;'])
  })

  it('applies a change only after its append succeeded', async () => {
    const target = fakeTarget()
    const queue = new WriteQueue('batch', target)
    let applied = false
    const pending = queue.write(line('a'), () => (applied = true))
    expect(applied).toBe(false)
    await pending
    expect(applied).toBe(true)
  })

  it('rejects a failed group, applying none of it, only once the file is cut back', async () => {
    const target = fakeTarget()
    const queue = new WriteQueue('batch', target)
    target.failNext = true
    const applied: string[] = []
    const results = await Promise.allSettled(
      ['a', 'b', 'c'].map((s) =>
        queue.write(line(s), () => applied.push(s)).catch((err: unknown) => {
          target.steps.push(`told ${s}`)
          throw err
        })
      )
    )
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected'])
    expect(applied).toEqual([])
    // Cut back before any writer heard of the failure: what it was told failed never lands.
    expect(target.steps).toEqual(['append failed', 'recover', 'told a', 'told b', 'told c'])
    // The log goes on at once.
    target.failNext = false
    await queue.write(line('d'), () => applied.push('d'))
    expect(target.appends).toEqual(['d;'])
  })

  it('appends nothing while the file cannot be cut back, and goes on once it can', async () => {
    const target = fakeTarget()
    const queue = new WriteQueue('batch', target)
    target.failNext = true
    target.recoverFails = true
    await expect(queue.write(line('a'), () => {})).rejects.toThrow('EIO')
    target.failNext = false
    await expect(queue.write(line('b'), () => {})).rejects.toThrow('EIO on truncate')
    expect(target.appends).toEqual([])
    target.recoverFails = false
    const applied: string[] = []
    await queue.write(line('c'), () => applied.push('c'))
    expect(target.appends).toEqual(['c;'])
    expect(applied).toEqual(['c'])
    expect(target.recoveries).toBe(3)
  })

  it('reports a failed compaction to its caller only', async () => {
    const target = fakeTarget()
    const queue = new WriteQueue('always', target)
    target.compactFails = true
    await expect(queue.compact()).rejects.toThrow('ENOSPC')
    await queue.write(line('a'), () => {})
    expect(target.appends).toEqual(['a;'])
  })
})

describe('Unreadable', () => {
  it('keeps the newest unreadable line per id and forgets it when replaced', () => {
    const held = new Unreadable()
    held.keep('a', Buffer.from('v1\n'))
    held.keep('a', Buffer.from('v22\n'))
    expect(held.kept.get('a')?.toString()).toBe('v22\n')
    expect(held.keptBytes).toBe(4)
    expect(held.forget('a')).toBe(4)
    expect(held.keptBytes).toBe(0)
  })

  it('gives up holding copies past its cap and says so', () => {
    const held = new Unreadable(10)
    held.keep('a', Buffer.from('12345\n'))
    held.damage(Buffer.from('xyz\n'))
    expect(held.overflow).toBe(false)
    held.damage(Buffer.from('more\n'))
    expect(held.overflow).toBe(true)
    expect(held.kept.size).toBe(0)
    expect(held.damaged).toEqual([])
    expect(held.keptBytes).toBe(0)
  })
})
