// Every call to the engine goes through `call`: it never throws, and a failure comes back
// as `{ok: false, error}` with the engine's message and, for forms, its per-field details.
import type { AppError, EventName, EventPayload, RouteInput, RouteName, RouteOutput, Result } from '../../shared/contract'
import type { ValidationDetails } from '../../shared/api'
import { transport } from './transport'

export type CallResult<R extends RouteName> = Result<RouteOutput<R>>

export async function call<R extends RouteName>(route: R, input: RouteInput<R>): Promise<CallResult<R>> {
  try {
    return await transport().api.invoke(route, input)
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err)
    return { ok: false, error: { code: 'internal', message } }
  }
}

/** The error's per-field messages, if the engine sent any. */
export function detailsOf(error: AppError): ValidationDetails | null {
  return error.details && Object.keys(error.details).length > 0 ? error.details : null
}

/** Subscribes to an engine event; returns the unsubscribe function. */
export function onEvent<E extends EventName>(event: E, handler: (payload: EventPayload<E>) => void): () => void {
  return transport().api.on(event, handler)
}
