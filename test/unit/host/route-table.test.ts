// The route table: every route the contract lists is answered by exactly one domain
// module, and the table main dispatches through holds each of them.
import { describe, expect, it } from 'vitest'
import { ROUTE_NAMES } from '../../../src/shared/contract'
import { createRouteTable, routeModules } from '../../../src/main/core/app/route-table'
import type { RouteContext } from '../../../src/main/core/app/routes/route-context'
import { CatalogCache } from '../../../src/main/core/app/catalog-cache'

const unused = (): never => {
  throw new Error('not called while the table is built')
}

const ctx: RouteContext = {
  engine: unused, info: unused, settings: unused, updateSettings: unused, setKey: unused, clearKey: unused, moveLibrary: unused, otherMode: unused,
  hooks: { platform: 'browser' }, catalogCache: new CatalogCache('/nonexistent/catalog-cache.json'),
  onCredits: unused, onDismissed: unused, onLibraryRemoved: unused
}

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
