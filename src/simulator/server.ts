// The HTTP front of the demo service: matches the route, applies injected faults and the
// rate limit, checks auth, runs the handler and writes its Reply. Error bodies take the
// shape of the area they come from: v2 `{error}`, legacy `{errors: [{msg}]}` (and `{}`
// for 401 and 500).
import { createReadStream } from 'node:fs'
import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerResponse } from 'node:http'
import { once } from 'node:events'
import { pipeline } from 'node:stream/promises'
import { setTimeout as delay } from 'node:timers/promises'
import { isAuthorized, presentedKey } from './auth'
import type { SimContext } from './context'
import { bodyStillArriving, discardBody } from './discard-body'
import type { FaultDecision } from './faults'
import { HttpError, type FileBody, type Reply } from './http'
import type { RateLimiter } from './rate-limit'
import { areaOf, matchRoute, type Area, type Route } from './router'

const NO_FAULT: FaultDecision = { slowMs: 0, action: null, after: false, truncate: false }

export interface ServerDeps {
  sim: SimContext
  routes: Route[]
  limiter: RateLimiter
}

function errorReply(area: Area, status: number, message: string, headers?: OutgoingHttpHeaders): Reply {
  if (area !== 'legacy') return { status, json: { error: message }, headers }
  return { status, json: status === 401 || status === 500 ? {} : { errors: [{ msg: message }] }, headers }
}

function replyOfError(area: Area, err: HttpError): Reply {
  const body = err.body as { error?: unknown; errors?: unknown }
  if (area === 'legacy' && body.errors === undefined) return errorReply(area, err.status, String(body.error ?? 'Error'), err.headers)
  return { status: err.status, json: err.body, headers: err.headers }
}

async function writeFile(res: ServerResponse, file: FileBody, truncate: boolean): Promise<void> {
  if (!truncate) {
    await pipeline(createReadStream(file.path, { start: file.start, end: file.end }), res)
    return
  }
  // Send the first half of what Content-Length promised, then drop the connection.
  const cut = Math.floor((file.end - file.start + 1) / 2)
  let flushed: Promise<void> = Promise.resolve()
  if (cut > 0) {
    for await (const chunk of createReadStream(file.path, { start: file.start, end: file.start + cut - 1 })) {
      flushed = new Promise((resolve) => res.write(chunk as Buffer, () => resolve()))
      if (res.writableNeedDrain) await once(res, 'drain')
    }
  } else res.flushHeaders()
  await flushed
  res.socket?.destroy()
}

/**
 * Ends an answer given while the request body is still arriving: the answer is already
 * written in full (its length is known), so the client can read it; the connection
 * closes only once the rest of the body has been read and dropped (bounded), as closing
 * on unread bytes would reset it under the client.
 */
async function endAfterBody(req: IncomingMessage, res: ServerResponse): Promise<void> {
  res.flushHeaders()
  const whole = await discardBody(req)
  res.end()
  if (!whole) res.once('finish', () => req.socket.destroy())
}

async function send(req: IncomingMessage, res: ServerResponse, reply: Reply, truncate = false): Promise<void> {
  // Answered before the body was read (a 401, a 429, an early 413…): the connection
  // cannot be reused, since part of the body would be read as the next request.
  const early = bodyStillArriving(req)
  if (early) res.setHeader('connection', 'close')
  const head = req.method === 'HEAD'
  if ('json' in reply) {
    const body = Buffer.from(JSON.stringify(reply.json), 'utf8')
    res.writeHead(reply.status, { ...reply.headers, 'content-type': 'application/json; charset=utf-8', 'content-length': body.length })
    if (!head) res.write(body)
  } else if ('empty' in reply) {
    res.writeHead(reply.status, reply.headers)
  } else {
    res.writeHead(reply.status, reply.headers)
    if (!head && reply.file !== null) return writeFile(res, reply.file, truncate)
  }
  if (early) await endAfterBody(req, res)
  else res.end()
}

function rateKey(req: IncomingMessage, route: Route): string {
  const key = presentedKey(req, route.auth)
  return key ? `key:${key}` : `ip:${req.socket.remoteAddress ?? ''}`
}

async function handle(deps: ServerDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { sim } = deps
  const url = new URL(req.url ?? '/', 'http://localhost')
  let area = areaOf(url.pathname)
  try {
    const match = matchRoute(deps.routes, req.method ?? 'GET', url.pathname)
    if (!match) return await send(req, res, errorReply(area, 404, `No route for ${req.method ?? 'GET'} ${url.pathname}`))
    const { route, params } = match
    area = route.area
    const fault = area === 'sim' ? NO_FAULT : sim.faults.decide(route.method !== 'GET', area === 'cdn')
    if (fault.slowMs > 0) await delay(fault.slowMs)
    if (!fault.after && fault.action === 'reset') return void req.socket.destroy()
    if (!fault.after && fault.action === '500') return await send(req, res, errorReply(area, 500, 'Internal server error (injected fault)'))
    if (fault.action === '429') return await send(req, res, errorReply(area, 429, 'Too many requests (injected fault)', { 'retry-after': '1' }))
    if (!isAuthorized(req, route.auth, sim.store.apiKey)) return await send(req, res, errorReply(area, 401, 'Missing or invalid API key'))
    if (area === 'v2' || area === 'legacy') {
      const wait = deps.limiter.take(rateKey(req, route))
      if (wait !== null) return await send(req, res, errorReply(area, 429, 'Rate limit exceeded', { 'retry-after': String(wait) }))
    }
    let reply: Reply
    try {
      reply = await route.handler({ req, url, params, sim })
    } catch (err) {
      if (!(err instanceof HttpError)) throw err
      reply = replyOfError(area, err)
    }
    // The change is saved; only the answer is lost, as when a server dies mid-reply.
    if (fault.after && fault.action === 'reset') return void req.socket.destroy()
    if (fault.after && fault.action === '500') reply = errorReply(area, 500, 'Internal server error (injected fault)')
    await send(req, res, reply, fault.truncate)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return // the client went away
    sim.log(`${req.method ?? 'GET'} ${url.pathname} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`)
    if (!res.headersSent) await send(req, res, errorReply(area, 500, 'Internal server error')).catch(() => undefined)
    else res.destroy()
  }
}

export function createSimServer(deps: ServerDeps): Server {
  const server = createServer((req, res) => void handle(deps, req, res))
  server.keepAliveTimeout = 5000
  return server
}
