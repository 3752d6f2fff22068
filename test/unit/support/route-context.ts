// A route context for tests of the route table: every member throws unless the test gives it.
import type { RouteContext } from '../../../src/main/core/app/routes/route-context'
import { CatalogCache } from '../../../src/main/core/app/catalog-cache'

const unused = (): never => {
  throw new Error('not used by this test')
}

export function fakeRouteContext(given: Partial<RouteContext> = {}): RouteContext {
  return {
    engine: unused, info: unused, settings: unused, updateSettings: unused, setKey: unused, clearKey: unused, moveLibrary: unused, otherMode: unused,
    hooks: { platform: 'browser' }, catalogCache: new CatalogCache('/nonexistent/catalog-cache.json'),
    onCredits: unused, onCatalogChanged: unused, onDismissed: unused, onLibraryRemoved: unused, onImportProgress: unused, redact: unused,
    beginSend: () => ({ joined: () => undefined, refused: () => undefined, answered: () => undefined }),
    ...given
  }
}
