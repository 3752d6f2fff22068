// A request the network aborts is the service out of reach, not a failure of the app:
// `sync` exits 6 ("run again later"), so a script waits and tries again rather than
// giving up on exit 1, and it never says "synced".
import { describe, expect, it } from 'vitest'
import { syncCommand } from '../../../src/main/cli/sync'
import { SettleTimeoutError, type Engine } from '../../../src/main/core/engine'

/** An engine whose look for finished jobs ends with `error`; nothing else is left to do. */
function engineWhoseRescueFails(error: unknown): Engine {
  const engine = {
    runRescue: () => Promise.reject(error),
    settle: () => Promise.resolve(),
    listLibrary: () => ({ entries: [], total: 0 })
  }
  return engine as unknown as Engine
}

async function sync(engine: Engine): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = []
  const err: string[] = []
  const code = await syncCommand(engine, { timeout: '5' }, { out: (l) => out.push(l), err: (l) => err.push(l), onServiceAnswered: () => undefined })
  return { code, out, err }
}

describe('sync when the network aborts', () => {
  it('exits 6 for an aborted request, saying the service could not be asked', async () => {
    // What fetch and undici reject with when a request is aborted.
    const aborted = AbortSignal.abort().reason as Error
    expect(aborted.name).toBe('AbortError')
    const r = await sync(engineWhoseRescueFails(aborted))
    expect(r.code).toBe(6)
    expect(r.err.join('\n')).toContain('rescue failed: could not look for finished jobs on the service')
    expect(r.out.join('\n')).not.toContain('synced:')
  })

  it('exits 1 for an error that is neither the network nor the service', async () => {
    const r = await sync(engineWhoseRescueFails(new TypeError('a bug')))
    expect(r.code).toBe(1)
  })

  it('names the work still left when the abort came with a timeout', async () => {
    const engine = { ...engineWhoseRescueFails(AbortSignal.abort().reason), settle: () => Promise.reject(new SettleTimeoutError(['job 1: still running'])) } as unknown as Engine
    const r = await sync(engine)
    expect(r.code).toBe(6)
    expect(r.out).toContain('  job 1: still running')
  })
})
