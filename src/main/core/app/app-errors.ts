// Every failure becomes an AppError a person can read: a code, a message and, for
// validation, the field paths. Nothing thrown crosses to the renderer.
import type { AppError } from '../../../shared/contract'
import { AppFailure } from '../../../shared/app/app-failure'
import {
  ApiError, AuthError, ConflictError, ForbiddenError, InsufficientCreditsError, NetworkError, NotFoundError,
  RateLimitedError, ValidationApiError
} from '../client/http'
import { RequestInvalidError } from '../jobs/submitter'
import { SubmitRefusedError } from '../jobs/unwritten'
import { FolderLostError } from '../fs/folder-hold'
import { EngineRefusal } from '../engine-parts/engine-refusal'
import { tm } from '../i18n/main-i18n'

// Defined with the shared types so that the engine's domain folders can throw it too
// without importing this folder; re-exported for the route code.
export { AppFailure }

export function toAppError(err: unknown, redact: (s: string) => string = (s) => s): AppError {
  const msg = (s: string) => redact(s)
  if (err instanceof AppFailure) return { code: err.code, message: msg(err.message), ...(err.details ? { details: err.details } : {}) }
  if (err instanceof EngineRefusal) return { code: err.code, message: msg(err.message) }
  if (err instanceof FolderLostError) return { code: 'conflict', message: msg(err.message) }
  if (err instanceof SubmitRefusedError) return { code: 'storage', message: msg(err.message) }
  if (err instanceof RequestInvalidError) return { code: 'validation', message: msg(err.message), details: err.details }
  if (err instanceof ValidationApiError) return { code: 'validation', message: msg(err.message), details: err.details }
  if (err instanceof InsufficientCreditsError) return { code: 'credits', message: msg(err.message) }
  if (err instanceof AuthError) return { code: 'auth', message: msg(err.message) }
  if (err instanceof ForbiddenError) return { code: 'forbidden', message: msg(err.message) }
  if (err instanceof NotFoundError) return { code: 'not_found', message: msg(err.message) }
  if (err instanceof ConflictError) return { code: 'conflict', message: msg(err.message) }
  if (err instanceof RateLimitedError) return { code: 'rate_limited', message: msg(err.message) }
  if (err instanceof NetworkError) return { code: 'network', message: msg(err.message) }
  if (err instanceof ApiError) return { code: 'service', message: msg(err.message) }
  return { code: 'internal', message: msg(err instanceof Error ? err.message : tm('main:http.internal')) }
}
