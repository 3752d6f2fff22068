// A disk that refuses to record what rescue found is the disk's fault, not the service's:
// `sync` names it with the work left and exits 4 (timed out with work left), never 6
// (unreachable) or 1, so a script waits for space instead of blaming the network.
import { describe, expect, it } from 'vitest'
import { syncCommand } from '../../../src/main/cli/sync'
import { SettleTimeoutError, type Engine } from '../../../src/main/core/engine'
import { ApiError } from '../../../src/main/core/client/http'

function diskFull(): Error {
  return Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write', errno: -28 })
}

/** An engine whose rescue fails as given and whose outputs are still waiting for space. */
function engineWhoseRescueFails(error: Error): Engine {
  const engine = {
    runRescue: () => Promise.reject(error),
    settle: () => Promise.reject(new SettleTimeoutError(['Disk full: 2 outputs are waiting to be saved.'])),
    listLibrary: () => ({ entries: [], total: 0 })
  }
  return engine as unknown as Engine
}

async function sync(engine: Engine): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = []
  const err: string[] = []
  const code = await syncCommand(engine, { timeout: '1' }, { out: (l) => out.push(l), err: (l) => err.push(l), onServiceAnswered: () => undefined })
  return { code, out, err }
}

describe('sync when the disk refuses what rescue found', () => {
  it('exits 4 and names the refused write among the work left', async () => {
    const r = await sync(engineWhoseRescueFails(diskFull()))
    expect(r.code).toBe(4)
    expect(r.err.join('\n')).toContain('finished jobs on the service could not be recorded: ENOSPC')
    expect(r.out).toContain('  recording finished jobs found on the service: ENOSPC: no space left on device, write')
    expect(r.out).toContain('  Disk full: 2 outputs are waiting to be saved.')
  })

  it('still exits 6 when the service itself cannot be reached', async () => {
    const r = await sync(engineWhoseRescueFails(new ApiError({ status: 0, code: 'network', message: 'connect ECONNREFUSED 127.0.0.1:9', retryable: true })))
    expect(r.code).toBe(6)
    expect(r.err.join('\n')).toContain('could not look for finished jobs on the service')
  })
})
