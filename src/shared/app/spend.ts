// Credits spent over the last days, as the Spend view shows them: per day and per model,
// refunds apart, and the balance at the end of each day.
import { z } from 'zod'

export const SPEND_DAYS = 30

/** 'mine': jobs this app sent; 'team': every job of the team (the service shows those to admins and owners). */
export const spendScopeSchema = z.enum(['mine', 'team'])
export type SpendScope = z.infer<typeof spendScopeSchema>

const spendDaySchema = z.object({
  /** The day, YYYY-MM-DD in UTC. */
  date: z.string(),
  /** Credits charged for jobs that completed that day. */
  spent: z.number().min(0),
  /** Credits returned for jobs that failed or were cancelled that day. */
  refunded: z.number().min(0),
  jobs: z.number().int().min(0),
  /** The balance at the end of the day; null where it cannot be known. */
  balance: z.number().nullable()
})

export const spendSummarySchema = z.object({
  scope: spendScopeSchema,
  days: z.array(spendDaySchema),
  models: z.array(z.object({ model: z.string(), spent: z.number().min(0), refunded: z.number().min(0), jobs: z.number().int().min(0) })),
  totals: z.object({ spent: z.number().min(0), refunded: z.number().min(0), jobs: z.number().int().min(0) }),
  /** The balance now, as the service last said; null when it could not be asked. */
  balance: z.number().nullable()
})
export type SpendSummary = z.infer<typeof spendSummarySchema>
