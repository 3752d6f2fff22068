// `submit` on a full disk tells a script the truth in its exit code: 11 when the journal
// never took the job (nothing was or will be sent: submitting again is safe), 3 when it
// did and the job waits (`sync` sends it, with the same key: submitting again would pay
// twice).
import { describe, expect, it } from 'vitest'
import { submitCommand } from '../../../src/main/cli/commands'
import type { Engine } from '../../../src/main/core/engine'
import { SubmitRefusedError, waitingNote } from '../../../src/main/core/jobs/unwritten'
import type { JobRecord } from '../../../src/main/core/jobs/job-record'
import { unsentRecord } from '../support/job-record'

function diskFull(): Error {
  return Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write', errno: -28 })
}

function engineAnswering(answer: () => Promise<JobRecord>): Engine {
  return { submit: answer, jobs: () => [] } as unknown as Engine
}

async function submit(engine: Engine): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = []
  const err: string[] = []
  const code = await submitCommand(engine, { model: 'i1-1', prompt: 'on a full disk' }, (l) => out.push(l), (l) => err.push(l))
  return { code, out, err }
}

describe('submit on a full disk', () => {
  it('exits 11, saying nothing was or will be sent, when the journal refused the job', async () => {
    const r = await submit(engineAnswering(() => Promise.reject(new SubmitRefusedError(diskFull()))))
    expect(r.code).toBe(11)
    expect(r.err).toEqual(['error: Not sent: the disk is full, so the job could not be saved before sending. Nothing was sent and nothing will be; free some space and submit it again.'])
    expect(r.out).toEqual([])
  })

  it('exits 3, naming the job and why it waits, when the journal has it', async () => {
    const waiting = unsentRecord({ id: 'local-7', error: waitingNote(diskFull()) })
    const r = await submit(engineAnswering(() => Promise.resolve(waiting)))
    expect(r.code).toBe(3)
    expect(r.out).toEqual(['pending local-7: Saved, waiting: the disk is full; it is sent once there is room.'])
  })

  it('still fails loudly (exit 1 from the caller) on anything else', async () => {
    await expect(submit(engineAnswering(() => Promise.reject(new Error('something else'))))).rejects.toThrow('something else')
  })
})
