// The page's first step, taken before the rest of its script is evaluated: main.tsx
// imports this module first, and it imports nothing that builds schemas or components, so
// the event stream is open and the first calls are on their way while React, the stores and
// the contract's schemas are still being set up (a good part of a cold start). Their
// answers are waiting by the time the stores ask (see HttpTransportOptions.callsAhead).
import type { RouteName } from '../../shared/contract'
import { setupTransport } from './transport'

/**
 * The calls the page starts with that take no input (stores/sync.ts, loadInitialState),
 * in the order they leave: the engine's info and the model list first, since Create waits
 * on them, and no more of them than the browser's six connections to the host less the
 * event stream's.
 */
export const CALLS_AHEAD = ['app.info', 'catalog.list', 'account.get', 'jobs.list', 'settings.get'] as const satisfies readonly RouteName[]

export const transportSetup = setupTransport({ callsAhead: CALLS_AHEAD })
