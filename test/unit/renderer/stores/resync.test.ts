// Events sent while the page's event stream was down are lost; when the stream reopens,
// the page reads everything again, once per gap, and not on the first connect.
import { describe, expect, it, vi } from 'vitest'
import { createHttpTransport } from '../../../../src/renderer/api/http-transport'
import { resyncOnReconnect } from '../../../../src/renderer/stores/resync'

/** Stands in for the browser's EventSource: the test opens and drops it. */
class FakeEventSource {
  static last: FakeEventSource | null = null
  onopen: (() => void) | null = null
  onerror: (() => void) | null = null
  constructor(readonly url: string) {
    FakeEventSource.last = this
  }
  addEventListener(): void {}
  close(): void {}
}

describe('reading again after the event stream drops', () => {
  it('reads once per gap, never on the first connect', () => {
    const readAgain = vi.fn(() => Promise.resolve())
    const onState = resyncOnReconnect(readAgain)
    onState('connecting')
    onState('open')
    expect(readAgain).not.toHaveBeenCalled()
    onState('reconnecting')
    onState('reconnecting')
    expect(readAgain).not.toHaveBeenCalled()
    onState('open')
    expect(readAgain).toHaveBeenCalledTimes(1)
    onState('open')
    expect(readAgain).toHaveBeenCalledTimes(1)
    onState('reconnecting')
    onState('open')
    expect(readAgain).toHaveBeenCalledTimes(2)
  })

  it('follows the browser transport when its EventSource errors and reopens', () => {
    vi.stubGlobal('EventSource', FakeEventSource)
    try {
      const t = createHttpTransport('token')
      const readAgain = vi.fn(() => Promise.resolve())
      t.onConnection(resyncOnReconnect(readAgain))
      // The stream opens when the page first listens for an event.
      t.api.on('job.updated', () => {})
      const source = FakeEventSource.last!
      source.onopen!()
      expect(readAgain).not.toHaveBeenCalled()
      source.onerror!()
      source.onopen!()
      expect(readAgain).toHaveBeenCalledTimes(1)
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
