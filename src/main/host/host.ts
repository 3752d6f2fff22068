// The Node host: the same engine and contract as the Electron shell, served over HTTP
// (calls) and server-sent events (events) on 127.0.0.1, with a random per-run token, plus
// the built renderer. Chromium then runs the real renderer against the real engine.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve, sep } from 'node:path'
import type { AppController } from '../core/app/controller'
import { capConnections, decodePathPart, parseRequestUrl, refuseByHeaders } from './admission'
import { bodyLimitOf, readJsonBody } from './request-body'
import { refuseLibraryRequest, sendLibraryFile, sendPageAsset } from './static-files'
import { CONTENT_SECURITY_POLICY } from '../../shared/csp'

export interface HostOptions {
  controller: AppController
  rendererDir: string
  port?: number
  token?: string
}

export interface Host {
  url: string
  /** The URL to open: the token travels in the fragment, never in a request line. */
  openUrl: string
  token: string
  close(): Promise<void>
}

const PAGE_HEADERS = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'X-Frame-Options': 'DENY'
}

function sameToken(expected: string, given: string | null | undefined): boolean {
  if (!given) return false
  const a = Buffer.from(expected)
  const b = Buffer.from(given)
  return a.length === b.length && timingSafeEqual(a, b)
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(text) })
  res.end(text)
}

/**
 * Answers a call whose body was refused. A body left unread (413) is not waited for: the
 * connection closes after the answer, dropping whatever is still on its way.
 */
function refuseBody(req: IncomingMessage, res: ServerResponse, status: 400 | 413, message: string): void {
  const details = status === 413 ? { $: ['Too large'] } : { $: ['Malformed JSON'] }
  if (!req.complete) {
    res.setHeader('Connection', 'close')
    res.once('finish', () => req.destroy())
  }
  json(res, status, { ok: false, error: { code: 'invalid_input', message, details } })
}

export async function startHost(opts: HostOptions): Promise<Host> {
  const token = opts.token ?? randomBytes(24).toString('base64url')
  const rendererRoot = resolve(opts.rendererDir)
  let origin = ''
  let port = 0

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => {
      if (!res.headersSent) json(res, 500, { ok: false, error: { code: 'internal', message: 'The host failed to answer' } })
      else res.destroy()
    })
  })
  capConnections(server)

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Before the token: a rebound name or a foreign page learns nothing, not even a 401.
    const refusal = refuseByHeaders(req, port)
    if (refusal) return json(res, refusal.status, { ok: false, error: { code: refusal.code, message: refusal.message } })
    const url = parseRequestUrl(req.url ?? '/', origin)
    const path = url && decodePathPart(url.pathname)
    if (!url || path === null) return json(res, 400, { ok: false, error: { code: 'invalid_input', message: 'Malformed request URL' } })

    if (url.pathname.startsWith('/api/invoke/') && req.method === 'POST') {
      if (!sameToken(token, req.headers['x-host-token'] as string | undefined)) return json(res, 401, { ok: false, error: { code: 'forbidden', message: 'Missing or wrong host token' } })
      if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return json(res, 415, { ok: false, error: { code: 'invalid_input', message: 'Send JSON' } })
      const route = path.slice('/api/invoke/'.length)
      const body = await readJsonBody(req, bodyLimitOf(route))
      if (!body.ok) return refuseBody(req, res, body.status, body.message)
      return json(res, 200, await opts.controller.dispatch(route, body.value))
    }

    if (url.pathname === '/api/events' && req.method === 'GET') {
      if (!sameToken(token, url.searchParams.get('token'))) return json(res, 401, { ok: false })
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' })
      res.write(': connected\n\n')
      const off = opts.controller.onEvent((e) => res.write(`event: ${e.name}\ndata: ${JSON.stringify(e.payload)}\n\n`))
      const beat = setInterval(() => res.write(': ping\n\n'), 15_000)
      req.on('close', () => {
        off()
        clearInterval(beat)
      })
      return
    }

    if (url.pathname.startsWith('/library/')) {
      // Every answer here carries the library's sandboxing headers, refusals included.
      if (req.method !== 'GET' && req.method !== 'HEAD') return refuseLibraryRequest(res, 405, { Allow: 'GET, HEAD' })
      if (!sameToken(token, url.searchParams.get('token'))) return refuseLibraryRequest(res, 401)
      const abs = await opts.controller.resolveLibraryFile(path.slice('/library/'.length))
      return sendLibraryFile(req, res, abs, { 'Cache-Control': 'private, max-age=3600' })
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405).end()
    const wanted = path === '/' ? '/index.html' : path
    const abs = resolve(rendererRoot, '.' + wanted)
    if (abs !== rendererRoot && !abs.startsWith(rendererRoot + sep)) return void res.writeHead(404).end()
    return sendPageAsset(req, res, wanted, abs, PAGE_HEADERS)
  }

  await new Promise<void>((ok, fail) => {
    server.once('error', fail)
    server.listen(opts.port ?? 0, '127.0.0.1', () => ok())
  })
  port = (server.address() as AddressInfo).port
  origin = `http://127.0.0.1:${port}`
  return {
    url: origin,
    openUrl: `${origin}/#token=${token}`,
    token,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections?.()
        server.close(() => ok())
      })
  }
}
