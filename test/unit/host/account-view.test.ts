// account.get gives the page the key's last four characters, never its prefix, and
// nothing else the service's answer may carry.
import { describe, expect, it } from 'vitest'
import { toAccount } from '../../../src/main/core/app/account-view'
import { meSchema } from '../../../src/shared/api'
import { routes } from '../../../src/shared/contract'

const KEY = 'mgk_0123456789abcdef0123456789abcdef'
const me = meSchema.parse({
  user: { id: 'u1', email: 'owner@example.com', role: 'OWNER', sessionToken: 'should-not-pass' },
  team: { id: 't1', name: 'Demo team', credits: 120, plan: 'demo', customerId: null, billingSecret: 'nope' },
  apiKey: { id: 'k1', name: 'Demo key', prefix: KEY.slice(0, 8), fullKey: KEY }
})

describe('account view', () => {
  it('names the key by id, name and last four characters only', () => {
    expect(toAccount(me, KEY)).toEqual({
      user: { id: 'u1', email: 'owner@example.com', role: 'OWNER' },
      team: { id: 't1', name: 'Demo team', credits: 120, plan: 'demo', customerId: null },
      apiKey: { id: 'k1', name: 'Demo key', last4: 'cdef' }
    })
  })

  it('holds no stretch of the key longer than its last four characters', () => {
    const text = JSON.stringify(toAccount(me, KEY))
    for (let i = 0; i + 5 <= KEY.length; i++) expect(text).not.toContain(KEY.slice(i, i + 5))
  })

  it('is what the contract says account.get answers', () => {
    const account = toAccount({ ...me, apiKey: null, team: null }, null)
    expect(routes['account.get'].output.parse(account)).toEqual(account)
    expect(routes['account.get'].output.safeParse({ ...account, apiKey: { id: 'k', name: 'n', last4: '12345' } }).success).toBe(false)
  })
})
