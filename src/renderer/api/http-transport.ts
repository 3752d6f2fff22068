// The browser transport: the same contract over HTTP to the Node host that served the page.
// Calls are `POST /api/invoke/<route>`; events arrive over one shared EventSource whose SSE
// event names are the contract's event names. This module is evaluated before the rest of
// the page (see api/early-start.ts), so it imports no schema: types and event names only.
import type { AppApi, AppError, EventPayload, Result, RouteName } from '../../shared/contract'
import { EVENT_NAMES, type EventName } from '../../shared/event-names'
import { encodeLibraryPath, type ConnectionState, type Transport } from './transport-types'
import { transportWords } from './transport-words'

type Handler = (payload: unknown) => void

function failure(code: AppError['code'], message: string): { ok: false; error: AppError } {
  return { ok: false, error: { code, message } }
}

function isResult(value: unknown): value is Result<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { ok?: unknown }).ok === 'boolean'
}

/** EventSource.CLOSED: the stream gave up and will not retry by itself. */
const CLOSED = 2

/**
 * Hands each contract event the stream brings to its handlers, telling `onAny` first; a
 * payload that is not JSON is dropped.
 */
function forwardEvents(source: EventSource, handlers: Map<EventName, Set<Handler>>, onAny: () => void): void {
  for (const name of EVENT_NAMES) {
    source.addEventListener(name, (event) => {
      onAny()
      let payload: unknown
      try {
        payload = JSON.parse((event as MessageEvent<string>).data)
      } catch {
        return
      }
      for (const h of handlers.get(name) ?? []) h(payload)
    })
  }
}

/** One route over HTTP; a refused token (401) is reported through `onRejected` as well as in the result. */
async function invokeOverHttp(token: string, route: string, input: unknown, onRejected: () => void): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(`/api/invoke/${encodeURIComponent(route)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Host-Token': token },
      body: JSON.stringify(input ?? {})
    })
  } catch {
    return failure('network', transportWords().unreachable())
  }
  if (response.status === 401) onRejected()
  let body: unknown
  try {
    body = await response.json()
  } catch {
    return failure(response.status === 401 || response.status === 403 ? 'auth' : 'internal', transportWords().noResult(response.status))
  }
  if (isResult(body)) return body
  return failure('internal', transportWords().unexpectedBody(response.status))
}

/** A call's input counts as none when it is absent or an object without keys. */
function noInput(input: unknown): boolean {
  return input === undefined || (typeof input === 'object' && input !== null && Object.keys(input).length === 0)
}

export interface HttpTransportOptions {
  /**
   * Calls without input to send at once, before the page has asked for them: the event
   * stream is opened first, then these leave, and the page's first call of each route (with
   * no input) is answered from what came back. An event arriving before that call voids
   * every answer not yet taken, since it may be newer than they are: those routes are asked
   * again, after the page listens, as they would have been without this.
   */
  callsAhead?: readonly RouteName[]
}

export function createHttpTransport(token: string, options: HttpTransportOptions = {}): Transport {
  const handlers = new Map<EventName, Set<Handler>>()
  const ahead = new Map<RouteName, Promise<unknown>>()
  const connectionHandlers = new Set<(state: ConnectionState) => void>()
  let connection: ConnectionState = 'connecting'
  let source: EventSource | null = null

  const setConnection = (state: ConnectionState) => {
    if (state === connection) return
    connection = state
    for (const h of connectionHandlers) h(state)
  }

  // EventSource retries by itself while the host is away, but gives up for good on an
  // answer that is not a stream: the 401 of a host restarted with a new token. Then one
  // call tells a refused token (the user must open the new address) from a passing fault
  // (the stream is opened again).
  const afterGivingUp = async () => {
    const refused = await fetch('/api/invoke/app.info', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Host-Token': token }, body: '{}' })
      .then((r) => r.status === 401)
      .catch(() => false)
    if (refused) return setConnection('rejected')
    source = null
    window.setTimeout(ensureSource, 2000)
  }

  // Opened on first subscription (or with the calls sent ahead), so a page that only
  // renders an error never connects.
  const ensureSource = () => {
    if (source) return
    const opened = new EventSource(`/api/events?token=${encodeURIComponent(token)}`)
    source = opened
    opened.onopen = () => setConnection('open')
    opened.onerror = () => {
      setConnection('reconnecting')
      if (opened.readyState === CLOSED) void afterGivingUp()
    }
    forwardEvents(opened, handlers, () => ahead.clear())
  }

  const rejected = () => setConnection('rejected')
  /** The answer sent ahead for this call, taken once; undefined to send it now. */
  const takeAhead = (route: RouteName, input: unknown): Promise<unknown> | undefined => {
    if (!noInput(input)) return undefined
    const answer = ahead.get(route)
    ahead.delete(route)
    return answer
  }

  const api: AppApi = {
    invoke: (route, input) => (takeAhead(route, input) ?? invokeOverHttp(token, route, input, rejected)) as never,
    on<E extends EventName>(event: E, handler: (payload: EventPayload<E>) => void) {
      ensureSource()
      const set = handlers.get(event) ?? new Set<Handler>()
      handlers.set(event, set)
      const h = handler as Handler
      set.add(h)
      return () => set.delete(h)
    }
  }

  if (options.callsAhead?.length) {
    ensureSource()
    for (const route of options.callsAhead) ahead.set(route, invokeOverHttp(token, route, {}, rejected))
  }

  return {
    kind: 'http',
    api,
    libraryUrl: (path) => `/library/${encodeLibraryPath(path)}?token=${encodeURIComponent(token)}`,
    onConnection: (handler) => {
      connectionHandlers.add(handler)
      handler(connection)
      return () => connectionHandlers.delete(handler)
    }
  }
}
