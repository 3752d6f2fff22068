// The default profile's route table: every path, method and success status the app and
// the demo service use. A user whose service differs overrides it with a JSON profile
// (Settings → Advanced), validated by `profileOverrideSchema`.
import { z } from 'zod'
import type { JobKind } from './models'

export interface RouteDef {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  /** Path relative to the base URL; `{id}` marks a path parameter. */
  path: string
  success: number[]
}

export const ROUTE_NAMES = [
  'generateImage', 'upscaleImage', 'editImage', 'removeBackground', 'generateVideo', 'generateMusic',
  'listJobs', 'getJob', 'cancelJob', 'catalog', 'me', 'upload',
  'createLora', 'listLoras', 'getLora', 'updateLora', 'deleteLora', 'createAsset',
  'legacySubmit', 'legacyFetch'
] as const
export type RouteName = (typeof ROUTE_NAMES)[number]

export interface ServiceProfile {
  routes: Record<RouteName, RouteDef>
}

export const DEFAULT_PROFILE: ServiceProfile = {
  routes: {
    generateImage: { method: 'POST', path: '/v2/images/generations', success: [202, 200] },
    upscaleImage: { method: 'POST', path: '/v2/images/upscale', success: [202, 200] },
    editImage: { method: 'POST', path: '/v2/images/edit', success: [202, 200] },
    removeBackground: { method: 'POST', path: '/v2/images/remove-background', success: [202, 200] },
    generateVideo: { method: 'POST', path: '/v2/videos/generations', success: [202, 200] },
    generateMusic: { method: 'POST', path: '/v2/music/generations', success: [202, 200] },
    listJobs: { method: 'GET', path: '/v2/jobs', success: [200] },
    getJob: { method: 'GET', path: '/v2/jobs/{id}', success: [200] },
    cancelJob: { method: 'POST', path: '/v2/jobs/{id}/cancel', success: [200] },
    catalog: { method: 'GET', path: '/v2/models', success: [200] },
    me: { method: 'GET', path: '/v2/me', success: [200] },
    upload: { method: 'POST', path: '/v2/uploads', success: [201] },
    createLora: { method: 'POST', path: '/v2/loras', success: [201] },
    listLoras: { method: 'GET', path: '/v2/loras', success: [200] },
    getLora: { method: 'GET', path: '/v2/loras/{id}', success: [200] },
    updateLora: { method: 'PATCH', path: '/v2/loras/{id}', success: [200] },
    deleteLora: { method: 'DELETE', path: '/v2/loras/{id}', success: [204] },
    createAsset: { method: 'POST', path: '/v2/assets', success: [201] },
    // Relative to the legacy base URL.
    legacySubmit: { method: 'POST', path: '/lv-imagine', success: [200] },
    legacyFetch: { method: 'GET', path: '/lv-imagine/{id}', success: [200] }
  }
}

/** The submission route of each kind of job. */
export const SUBMIT_ROUTE: Record<JobKind, RouteName> = {
  image: 'generateImage',
  upscale: 'upscaleImage',
  edit: 'editImage',
  background: 'removeBackground',
  video: 'generateVideo',
  music: 'generateMusic'
}

const routeOverride = z.strictObject({
  method: z.enum(['GET', 'POST', 'PATCH', 'DELETE']).optional(),
  path: z.string().regex(/^\//, 'Must start with /').optional(),
  success: z.array(z.number().int().min(200).max(299)).min(1).optional()
})

export const profileOverrideSchema = z.strictObject({
  routes: z.partialRecord(z.enum(ROUTE_NAMES), routeOverride).optional()
})
export type ProfileOverride = z.infer<typeof profileOverrideSchema>

export function mergeProfile(base: ServiceProfile, override: ProfileOverride | undefined): ServiceProfile {
  const routes = { ...base.routes }
  for (const [name, change] of Object.entries(override?.routes ?? {})) {
    const key = name as RouteName
    routes[key] = { ...routes[key], ...change } as RouteDef
  }
  return { routes }
}

/**
 * Fills `{id}` in a route path. An id of `.` or `..` would climb out of the path (URLs
 * resolve dot segments, even written as `%2E`), so it is never a resource's id.
 */
export function routePath(route: RouteDef, id?: string): string {
  if (id === undefined) return route.path
  if (id === '.' || id === '..') throw new Error(`'${id}' is not a valid id`)
  return route.path.replace('{id}', encodeURIComponent(id))
}
