// Checks what the controller sends to the page (route results and events) against the IPC
// contract. The page trusts these shapes without parsing them again, so a handler that
// drifts from its schema would otherwise show up later as a blank field or a crash far
// from its cause. In development and tests the check runs on every answer; a packaged
// app skips it (the schemas are the same, the cost is not worth paying per call).
import type { z } from 'zod'
import { pathKey } from '../../../shared/api'
import { events, routes, type AppEvent, type RouteName } from '../../../shared/contract'

/** On unless this is a production build. */
export function checkOutputsByDefault(): boolean {
  return process.env.NODE_ENV !== 'production'
}

const MAX_ISSUES = 3

function describeIssues(error: z.ZodError): string {
  const issues = error.issues.slice(0, MAX_ISSUES).map((i) => `${pathKey(i.path)}: ${i.message}`)
  const more = error.issues.length - MAX_ISSUES
  return issues.join('; ') + (more > 0 ? `; and ${more} more` : '')
}

/** What is wrong with a route's result, or null when it keeps to the contract. */
export function outputProblem(route: RouteName, data: unknown): string | null {
  const parsed = routes[route].output.safeParse(data)
  return parsed.success ? null : `Route '${route}' answered outside the contract at ${describeIssues(parsed.error)}`
}

/** What is wrong with an event's payload, or null when it keeps to the contract. */
export function eventProblem(event: AppEvent): string | null {
  const parsed = events[event.name].safeParse(event.payload)
  return parsed.success ? null : `Event '${event.name}' was sent outside the contract at ${describeIssues(parsed.error)}`
}
