// Tags on library entries, their suggestions as the user types, and smart collections
// (saved filters with their counts now).
import type { RouteContext, RouteHandlers } from './route-context'

type TagRoute =
  | 'tags.change' | 'tags.suggest'
  | 'smartCollections.list' | 'smartCollections.create' | 'smartCollections.rename' | 'smartCollections.update' | 'smartCollections.delete'

export function tagRoutes(ctx: RouteContext): RouteHandlers<TagRoute> {
  const curation = async () => (await ctx.engine()).curation
  return {
    'tags.change': async ({ jobIds, add, remove }) => ({ changed: await (await curation()).tags.change(jobIds, { add: add ?? [], remove: remove ?? [] }) }),
    'tags.suggest': async ({ prefix, limit }) => (await curation()).tags.suggest(prefix ?? '', limit),
    'smartCollections.list': async () => (await curation()).smart.list(),
    'smartCollections.create': async ({ name, filter }) => (await curation()).smart.create(name, filter),
    'smartCollections.rename': async ({ id, name }) => (await curation()).smart.update(id, { name }),
    'smartCollections.update': async ({ id, filter }) => (await curation()).smart.update(id, { filter }),
    'smartCollections.delete': async ({ id }) => {
      await (await curation()).smart.delete(id)
      return null
    }
  }
}
