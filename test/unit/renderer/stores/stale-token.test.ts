// A tab whose token the host no longer takes (the host was restarted) says so, instead
// of reconnecting forever: the event stream gives up on the 401, and one call tells a
// refused token from a host that is only away.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createHttpTransport } from '../../../../src/renderer/api/http-transport'
import type { ConnectionState } from '../../../../src/renderer/api/transport-types'

/** Stands in for the browser's EventSource: the test decides how it fails. */
class FakeEventSource {
  static last: FakeEventSource | null = null
  readyState = 0
  onopen: (() => void) | null = null
  onerror: (() => void) | null = null
  constructor(readonly url: string) {
    FakeEventSource.last = this
  }
  addEventListener(): void {}
  close(): void {}
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

function watch(answer: () => Promise<Response>): ConnectionState[] {
  vi.stubGlobal('EventSource', FakeEventSource)
  vi.stubGlobal('fetch', vi.fn(answer))
  const t = createHttpTransport('old-token')
  const states: ConnectionState[] = []
  t.onConnection((s) => states.push(s))
  t.api.on('job.updated', () => {})
  return states
}

describe('a token the host no longer takes', () => {
  it('turns the connection to rejected once the stream gives up on it', async () => {
    const states = watch(async () => new Response('{"ok":false}', { status: 401 }))
    const source = FakeEventSource.last!
    source.onopen!()
    source.readyState = 2
    source.onerror!()
    await vi.waitFor(() => expect(states.at(-1)).toBe('rejected'))
  })

  it('keeps reconnecting, with a new stream, when the host is only away', async () => {
    vi.useFakeTimers()
    const states = watch(() => Promise.reject(new TypeError('Failed to fetch')))
    const first = FakeEventSource.last!
    first.readyState = 2
    first.onerror!()
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1))
    vi.runOnlyPendingTimers()
    expect(FakeEventSource.last).not.toBe(first)
    expect(states).not.toContain('rejected')
  })
})
