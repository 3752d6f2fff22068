// The page's first calls leave as its script starts, before the stores exist (the page
// is usable sooner): the stores' first asks are answered from them, with no second
// request, unless an event came first (it may be newer than what they said), in which
// case they are asked again. The event stream opens before any of them leave.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createHttpTransport } from '../../../../src/renderer/api/http-transport'
import { CALLS_AHEAD } from '../../../../src/renderer/api/early-start'

type Listener = (event: MessageEvent<string>) => void

/** Stands in for the browser's EventSource: the test sends its events. */
class FakeEventSource {
  static last: FakeEventSource | null = null
  readyState = 0
  onopen: (() => void) | null = null
  onerror: (() => void) | null = null
  readonly listeners = new Map<string, Listener>()
  constructor(readonly url: string) {
    FakeEventSource.last = this
    sent.push('events')
  }
  addEventListener(name: string, listener: Listener): void {
    this.listeners.set(name, listener)
  }
  emit(name: string, payload: unknown): void {
    this.listeners.get(name)?.(new MessageEvent(name, { data: JSON.stringify(payload) }))
  }
  close(): void {}
}

/** What left, in order: 'events' for the stream, else the route called. */
let sent: string[] = []
let answers = 0

function stubHost(): void {
  sent = []
  answers = 0
  vi.stubGlobal('EventSource', FakeEventSource)
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const route = decodeURIComponent(url.split('/').at(-1)!)
      sent.push(route)
      return new Response(JSON.stringify({ ok: true, data: { route, answer: ++answers } }), { status: 200 })
    })
  )
}

afterEach(() => vi.unstubAllGlobals())

describe('the calls sent as the page starts', () => {
  it('leave at once, after the event stream opened, the engine’s info and the models first', () => {
    stubHost()
    createHttpTransport('token', { callsAhead: CALLS_AHEAD })
    expect(sent).toEqual(['events', ...CALLS_AHEAD])
    expect(CALLS_AHEAD.slice(0, 2)).toEqual(['app.info', 'catalog.list'])
  })

  it('answer the page’s first ask of each, once: a second ask, or one with input, goes to the host', async () => {
    stubHost()
    const { api } = createHttpTransport('token', { callsAhead: ['app.info', 'jobs.list'] })
    expect(await api.invoke('app.info', undefined as never)).toEqual({ ok: true, data: { route: 'app.info', answer: 1 } })
    expect(await api.invoke('jobs.list', {} as never)).toMatchObject({ ok: true, data: { route: 'jobs.list', answer: 2 } })
    expect(sent).toEqual(['events', 'app.info', 'jobs.list'])

    await api.invoke('app.info', undefined as never)
    expect(sent).toEqual(['events', 'app.info', 'jobs.list', 'app.info'])
  })

  it('are asked again when an event arrived before the page took them', async () => {
    stubHost()
    const { api } = createHttpTransport('token', { callsAhead: ['app.info', 'jobs.list'] })
    expect(await api.invoke('app.info', undefined as never)).toMatchObject({ data: { answer: 1 } })
    FakeEventSource.last!.emit('job.updated', { localId: 'j1' })
    expect(await api.invoke('jobs.list', undefined as never)).toMatchObject({ data: { route: 'jobs.list', answer: 3 } })
    expect(sent).toEqual(['events', 'app.info', 'jobs.list', 'jobs.list'])
  })

  it('are none without asking: the stream opens on the first subscription, as before', () => {
    stubHost()
    const { api } = createHttpTransport('token')
    expect(sent).toEqual([])
    api.on('job.updated', () => {})
    expect(sent).toEqual(['events'])
  })
})
