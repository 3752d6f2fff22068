// The route table of the demo service, built from the default profile's table
// (`DEFAULT_PROFILE.routes`) so that paths and methods live in one place, plus the CDN
// and the simulator's own control endpoint.
import { DEFAULT_PROFILE, ROUTE_NAMES, SUBMIT_ROUTE, type JobKind, type RouteName } from '../shared/api'
import type { AuthScheme } from './auth'
import type { Handler } from './context'
import { serveCdn } from './routes/cdn'
import { cancelJob, getJob, listJobs } from './routes/jobs'
import { legacyFetch, legacySubmit } from './routes/legacy'
import { catalog, createAsset, me } from './routes/account'
import { createLora, deleteLora, getLora, listLoras, updateLora } from './routes/loras'
import { creditsEndpoint, faultsEndpoint, releaseEndpoint } from './routes/sim'
import { submitHandler } from './routes/submit'
import { upload } from './routes/uploads'

/** Where the legacy routes live relative to the base URL (profile: Base URLs). */
export const LEGACY_PREFIX = '/legacy'
export const FAULTS_PATH = '/_sim/faults'
export const RELEASE_PATH = '/_sim/release'
export const CREDITS_PATH = '/_sim/credits'

export type Area = 'v2' | 'legacy' | 'cdn' | 'sim'

export interface Route {
  name: string
  method: string
  pattern: RegExp
  auth: AuthScheme
  area: Area
  handler: Handler
}

/** The submission handler of a route, for the kind of job `SUBMIT_ROUTE` sends there. */
function submitFor(name: RouteName): Handler {
  const kind = (Object.keys(SUBMIT_ROUTE) as JobKind[]).find((k) => SUBMIT_ROUTE[k] === name)
  if (!kind) throw new Error(`No kind of job is submitted to ${name}`)
  return submitHandler(kind)
}

const HANDLERS: Record<RouteName, Handler> = {
  generateImage: submitFor('generateImage'),
  upscaleImage: submitFor('upscaleImage'),
  editImage: submitFor('editImage'),
  removeBackground: submitFor('removeBackground'),
  generateVideo: submitFor('generateVideo'),
  generateMusic: submitFor('generateMusic'),
  listJobs, getJob, cancelJob, catalog, me, upload,
  createLora, listLoras, getLora, updateLora, deleteLora, createAsset,
  legacySubmit, legacyFetch
}

function compile(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace('{id}', '([^/]+)')
  return new RegExp(`^${escaped}$`)
}

export function buildRoutes(): Route[] {
  const routes: Route[] = ROUTE_NAMES.map((name) => {
    const def = DEFAULT_PROFILE.routes[name]
    const legacy = name === 'legacySubmit' || name === 'legacyFetch'
    return {
      name,
      method: def.method,
      pattern: compile(legacy ? LEGACY_PREFIX + def.path : def.path),
      auth: legacy ? 'legacy' : name === 'catalog' ? 'none' : 'v2',
      area: legacy ? 'legacy' : 'v2',
      handler: HANDLERS[name]
    }
  })
  routes.push({ name: 'cdn', method: 'GET', pattern: /^\/cdn\/(jobs|uploads)\/([^/]+)\/([^/]+)$/, auth: 'none', area: 'cdn', handler: serveCdn })
  routes.push({ name: 'faults', method: 'GET', pattern: compile(FAULTS_PATH), auth: 'v2', area: 'sim', handler: faultsEndpoint })
  routes.push({ name: 'faults', method: 'POST', pattern: compile(FAULTS_PATH), auth: 'v2', area: 'sim', handler: faultsEndpoint })
  routes.push({ name: 'release', method: 'POST', pattern: compile(RELEASE_PATH), auth: 'v2', area: 'sim', handler: releaseEndpoint })
  routes.push({ name: 'credits', method: 'POST', pattern: compile(CREDITS_PATH), auth: 'v2', area: 'sim', handler: creditsEndpoint })
  return routes
}

export interface RouteMatch {
  route: Route
  params: string[]
}

/** The route for a request; HEAD is served by GET routes. */
export function matchRoute(routes: Route[], method: string, pathname: string): RouteMatch | null {
  const wanted = method === 'HEAD' ? 'GET' : method
  for (const route of routes) {
    if (route.method !== wanted) continue
    const m = route.pattern.exec(pathname)
    if (!m) continue
    try {
      return { route, params: m.slice(1).map((p) => decodeURIComponent(p)) }
    } catch {
      return null
    }
  }
  return null
}

/** The area a path belongs to, for answering unknown routes in the right shape. */
export function areaOf(pathname: string): Area {
  if (pathname.startsWith(`${LEGACY_PREFIX}/`)) return 'legacy'
  if (pathname.startsWith('/cdn/')) return 'cdn'
  return 'v2'
}
