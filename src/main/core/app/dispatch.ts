// Answers one contract route: the input is checked against the route's schema before any
// handler runs, the result against the contract before it goes back, and whatever is
// thrown becomes an AppError. Electron's IPC router and the Node host both come here.
import { routeInputSchema, isRouteName, type Result } from '../../../shared/contract'
import { detailsFromZodError, summarizeDetails } from '../../../shared/api'
import { toAppError } from './app-errors'
import { outputProblem } from './contract-check'
import type { RouteTable } from './route-table'

export interface DispatchOptions {
  table: RouteTable
  checkOutputs: boolean
  /** Takes secrets (the key) out of an error message before the page sees it. */
  redact: (text: string) => string
  logProblem: (problem: string) => void
}

export type Dispatch = (route: string, rawInput: unknown) => Promise<Result<unknown>>

export function createDispatch(opts: DispatchOptions): Dispatch {
  return async (route, rawInput) => {
    if (!isRouteName(route)) return { ok: false, error: { code: 'unknown_route', message: `Unknown route '${String(route).slice(0, 100)}'` } }
    const parsed = routeInputSchema(route).safeParse(rawInput)
    if (!parsed.success) {
      const details = detailsFromZodError(parsed.error)
      return { ok: false, error: { code: 'invalid_input', message: `Invalid input: ${summarizeDetails(details)}`, details } }
    }
    try {
      // Routes that need the engine wait for a switch or a library move themselves (see
      // RouteContext.engine); the others answer at once.
      const handler = opts.table[route] as (input: unknown) => Promise<unknown>
      const data = await handler(parsed.data)
      const problem = opts.checkOutputs ? outputProblem(route, data) : null
      if (problem) {
        opts.logProblem(problem)
        return { ok: false, error: { code: 'internal', message: problem } }
      }
      return { ok: true, data }
    } catch (err) {
      return { ok: false, error: toAppError(err, opts.redact) }
    }
  }
}
