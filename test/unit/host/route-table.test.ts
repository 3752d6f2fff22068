// The route table: every route the contract lists is answered by exactly one domain
// module, and the table main dispatches through holds each of them.
import { describe, expect, it } from 'vitest'
import { ROUTE_NAMES } from '../../../src/shared/contract'
import { createRouteTable, routeModules } from '../../../src/main/core/app/route-table'
import { fakeRouteContext } from '../support/route-context'

const ctx = fakeRouteContext()

describe('the route table', () => {
  it('gives every contract route exactly one handler, in one domain module', () => {
    const owners = new Map<string, string[]>()
    for (const [module, handlers] of Object.entries(routeModules(ctx))) {
      for (const route of Object.keys(handlers)) owners.set(route, [...(owners.get(route) ?? []), module])
    }
    const twice = [...owners].filter(([, modules]) => modules.length > 1)
    expect(twice, 'routes handled by more than one module').toEqual([])
    expect([...owners.keys()].sort()).toEqual([...ROUTE_NAMES].sort())
  })

  it('dispatches each route to its module’s handler', () => {
    const table = createRouteTable(ctx)
    expect(Object.keys(table).sort()).toEqual([...ROUTE_NAMES].sort())
    for (const route of ROUTE_NAMES) expect(typeof table[route], route).toBe('function')
  })
})
