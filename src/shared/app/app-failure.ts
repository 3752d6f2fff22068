// A failure the app reports as it is: an AppError code, a message a person can read and,
// for a refused input, the fields at fault. Any layer of main may throw it; the route
// dispatcher turns it into the AppError the page receives (core/app/app-errors).
import type { AppError } from '../contract'

export class AppFailure extends Error {
  constructor(readonly code: AppError['code'], message: string, readonly details?: Record<string, string[]>) {
    super(message)
  }
}
