// The service's Me answer as the page may see it (see shared/app/account.ts).
import type { Me } from '../../../shared/api'
import { accountSchema, type Account } from '../../../shared/app/account'

/** `key` is the key the engine used for the request, or null. */
export function toAccount(me: Me, key: string | null): Account {
  return accountSchema.parse({
    user: me.user,
    team: me.team,
    apiKey: me.apiKey ? { id: me.apiKey.id, name: me.apiKey.name, last4: key ? key.slice(-4) : null } : null
  })
}
