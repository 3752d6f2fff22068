// What the page may know about the account behind the API key: the user, the team and
// its credits, and which key it is (its id, name and last four characters). The
// service's own answer also carries the key's first characters; the page never gets
// them, so that no more than four characters of a key ever reach it.
import { z } from 'zod'

// Plain (stripping) objects: whatever else the service's answer holds is left out.
export const accountSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), role: z.string() }),
  team: z
    .object({
      id: z.string(),
      name: z.string(),
      credits: z.number().int().min(0),
      plan: z.string(),
      customerId: z.string().nullable()
    })
    .nullable(),
  apiKey: z.object({ id: z.string(), name: z.string(), last4: z.string().max(4).nullable() }).nullable()
})
export type Account = z.infer<typeof accountSchema>
