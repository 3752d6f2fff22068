// Spending limits: how many credits the app's own jobs may take in a day and in a month,
// and a threshold above which a send is asked about first. They are kept in the settings
// file (null: no limit); main holds every send to them, whatever the page shows.
import { z } from 'zod'

/** The largest limit that can be set: far past any team's balance. */
const MAX_CREDIT_LIMIT = 1_000_000_000

/** A limit in whole credits; 0 stops every send that costs anything. */
export const creditLimitSchema = z
  .number()
  .int('Must be a whole number of credits')
  .min(0, 'Must be 0 or more credits')
  .max(MAX_CREDIT_LIMIT, `Must be at most ${MAX_CREDIT_LIMIT} credits`)

export interface SpendLimits {
  /** Credits the app's jobs may take from local midnight to midnight; null: no limit. */
  daily: number | null
  /** Credits from the 1st of the month, local time; null: no limit. */
  monthly: number | null
  /** A send that costs more than this is sent only once the user has said yes; null: never asked. */
  askAbove: number | null
}

export const NO_LIMITS: SpendLimits = { daily: null, monthly: null, askAbove: null }

/** The limits as the settings file keeps them. */
export function limitsOf(s: { dailyCreditLimit: number | null; monthlyCreditLimit: number | null; askAboveCredits: number | null }): SpendLimits {
  return { daily: s.dailyCreditLimit, monthly: s.monthlyCreditLimit, askAbove: s.askAboveCredits }
}

/** The limits and how much of each is used: what Spend, Generate and the command line show. */
export const spendStandingSchema = z.object({
  daily: z.number().int().nullable(),
  monthly: z.number().int().nullable(),
  askAbove: z.number().int().nullable(),
  /** Credits of this app's jobs sent since local midnight: charged, reserved or on their way, refunds taken off. */
  spentToday: z.number().min(0),
  /** The same since the 1st of the month, local time. */
  spentThisMonth: z.number().min(0)
})
export type SpendStanding = z.infer<typeof spendStandingSchema>

/** Credits left under a limit: never below 0; null without that limit. */
export function creditsLeft(limit: number | null, spent: number): number | null {
  return limit === null ? null : Math.max(0, limit - spent)
}
