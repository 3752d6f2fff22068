// Reading a success body: JSON, then the caller's parser. A body that does not match
// becomes an ApiError 'bad_response' naming the route and the fields at fault,
// instead of a stray exception deep inside the engine.
import { ApiError } from './errors'
import type { Redactor } from './redact'
import { tm } from '../../i18n/main-i18n'

interface IssueLike {
  path: readonly PropertyKey[]
  message: string
}

const MAX_ISSUES = 3

// Duck-typed so any schema library with zod's issue shape is understood, without importing zod's types.
function issuesOf(err: unknown): IssueLike[] | undefined {
  if (typeof err !== 'object' || err === null || !('issues' in err)) return undefined
  const issues = (err as { issues: unknown }).issues
  if (!Array.isArray(issues)) return undefined
  const ok = issues.every(
    (i: unknown) => typeof i === 'object' && i !== null && Array.isArray((i as IssueLike).path) && typeof (i as IssueLike).message === 'string'
  )
  return ok ? (issues as IssueLike[]) : undefined
}

function describeIssue(issue: IssueLike): string {
  const path = issue.path.map((part) => (typeof part === 'symbol' ? part.description ?? '?' : String(part))).join('.')
  return `${path === '' ? '(whole body)' : path}: ${issue.message}`
}

function describeParseFailure(err: unknown, redact: Redactor): string {
  const issues = issuesOf(err)
  if (issues && issues.length > 0) {
    const listed = issues.slice(0, MAX_ISSUES).map(describeIssue)
    if (issues.length > MAX_ISSUES) listed.push(`and ${issues.length - MAX_ISSUES} more`)
    return redact(listed.join('; '))
  }
  const message = err instanceof Error ? err.message : String(err)
  return redact(message.length > 200 ? `${message.slice(0, 199)}…` : message)
}

export function badResponse(status: number, route: string, detail: string): ApiError {
  const error = new ApiError({
    status,
    code: 'bad_response',
    message: tm('main:http.notUnderstood', { route, detail }),
    retryable: false
  })
  error.route = route
  return error
}

/** Decodes a success body. Statuses without content (204, 205) and HEAD give undefined without calling `parse`. */
export function decodeSuccess<T>(
  status: number,
  text: string,
  route: string,
  parse: ((value: unknown) => T) | undefined,
  redact: Redactor,
  noContent: boolean
): T {
  if (noContent) return undefined as T
  let value: unknown
  if (text.trim() !== '') {
    try {
      value = JSON.parse(text)
    } catch {
      throw badResponse(status, route, 'the body is not JSON')
    }
  }
  if (parse === undefined) return value as T
  try {
    return parse(value)
  } catch (err) {
    // The parser's error is not kept as cause: it may hold the whole body.
    throw badResponse(status, route, value === undefined ? 'the body is empty' : describeParseFailure(err, redact))
  }
}
