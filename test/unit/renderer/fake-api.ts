// A stand-in for the engine behind `window.api`, so stores and components run against the
// real transport code. Every answer and event is checked against the IPC contract: a test
// fixture that the engine could never send fails the test instead of passing quietly.
import { events, routes, type AppApi, type AppError, type EventName, type EventPayload, type Result, type RouteInput, type RouteName, type RouteOutput } from '../../../src/shared/contract'
import { setupTransport } from '../../../src/renderer/api/transport'
import { afterEach } from 'vitest'

type Handler<R extends RouteName> = (input: RouteInput<R>) => Result<RouteOutput<R>> | Promise<Result<RouteOutput<R>>>
type AnyHandler = (input: unknown) => Result<unknown> | Promise<Result<unknown>>

export interface Call {
  route: RouteName
  input: unknown
}

export class FakeApi implements AppApi {
  readonly calls: Call[] = []
  /** Answers that broke the contract; the page's `call` turns a throw into a result, so they are kept here too. */
  readonly problems: string[] = []
  private handlers = new Map<RouteName, AnyHandler>()
  private listeners = new Map<EventName, Set<(payload: unknown) => void>>()

  constructor() {
    this.answerDefaults()
  }

  /** What every page asks beside its own calls: no spending limits and nothing spent, a library of no model's entries, and an item the viewer opens has no lineage. */
  private answerDefaults(): void {
    this.answer('limits.get', { daily: null, monthly: null, askAbove: null, spentToday: 0, spentThisMonth: 0 })
    this.answer('library.models', [])
    this.handle('library.lineage', ({ jobId }) => ({ ok: true, data: { item: { jobId, entry: null, derivation: null, sources: [], depth: 0 }, ancestors: [], descendants: [], truncated: false } }))
  }

  /** Answers `route` with what `fn` returns (checked against the route's output schema). */
  handle<R extends RouteName>(route: R, fn: Handler<R>): this {
    this.handlers.set(route, fn as AnyHandler)
    return this
  }

  /** Answers `route` with `data` every time. */
  answer<R extends RouteName>(route: R, data: RouteOutput<R>): this {
    return this.handle(route, () => ({ ok: true, data }))
  }

  /** Answers `route` with an error every time. */
  fail(route: RouteName, error: AppError): this {
    this.handlers.set(route, () => ({ ok: false, error }))
    return this
  }

  callsTo(route: RouteName): unknown[] {
    return this.calls.filter((c) => c.route === route).map((c) => c.input)
  }

  /**
   * Answers every job the page sends, alone (`jobs.submit`) or in one confirmed send
   * (`jobs.submitConfirmed`, answered job by job as the engine does), with `fn`.
   */
  handleJobs(fn: Handler<'jobs.submit'>): this {
    this.handle('jobs.submit', fn)
    return this.handle('jobs.submitConfirmed', async ({ jobs }) => {
      const answers: RouteOutput<'jobs.submitConfirmed'> = []
      for (const job of jobs) {
        const r = await fn(job)
        answers.push(r.ok ? { ok: true, job: r.data } : { ok: false, error: r.error })
      }
      return { ok: true, data: answers }
    })
  }

  /** Every job the page sent, alone or in a confirmed send, in order. */
  jobsSent(): RouteInput<'jobs.submit'>[] {
    return this.calls.flatMap((c) => {
      if (c.route === 'jobs.submit') return [c.input as RouteInput<'jobs.submit'>]
      if (c.route === 'jobs.submitConfirmed') return (c.input as RouteInput<'jobs.submitConfirmed'>).jobs
      return []
    })
  }

  async invoke<R extends RouteName>(route: R, input: RouteInput<R>): Promise<Result<RouteOutput<R>>> {
    this.calls.push({ route, input })
    const handler = this.handlers.get(route)
    if (!handler) return this.problem(`The fake engine has no answer for '${route}'`)
    const result = await handler(input)
    if (result.ok) {
      const checked = routes[route].output.safeParse(result.data)
      if (!checked.success) return this.problem(`Fake answer for '${route}' breaks the contract: ${checked.error.message}`)
    }
    return result as Result<RouteOutput<R>>
  }

  private problem(message: string): never {
    this.problems.push(message)
    throw new Error(message)
  }

  on<E extends EventName>(event: E, handler: (payload: EventPayload<E>) => void): () => void {
    const set = this.listeners.get(event) ?? new Set()
    this.listeners.set(event, set)
    const h = handler as (payload: unknown) => void
    set.add(h)
    return () => set.delete(h)
  }

  /** Sends an event as the engine would; the payload must match the contract. */
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    events[event].parse(payload)
    for (const l of this.listeners.get(event) ?? []) l(payload)
  }

  listenerCount(event: EventName): number {
    return this.listeners.get(event)?.size ?? 0
  }

  reset(): void {
    this.calls.length = 0
    this.problems.length = 0
    this.handlers.clear()
    this.listeners.clear()
    this.answerDefaults()
  }
}

let installed: FakeApi | null = null

/**
 * The page picks its transport once, so one fake serves a whole test file (each file has
 * its own module registry); `reset()` clears it between tests.
 */
export function installFakeApi(): FakeApi {
  if (installed) return installed
  const api = new FakeApi()
  window.api = api
  const setup = setupTransport()
  if (!setup.ok) throw new Error('The transport did not take the fake engine')
  installed = api
  afterEach(() => {
    if (api.problems.length > 0) throw new Error(api.problems.join('\n'))
  })
  return api
}
