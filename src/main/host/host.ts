// The Node host: the same engine and contract as the Electron shell, served over HTTP
// (calls) and server-sent events (events) on 127.0.0.1, with a random per-run token, plus
// the built renderer. Chromium then runs the real renderer against the real engine.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve, sep } from 'node:path'
import type { AppController } from '../core/app/controller'
import { sendFile, sendPageAsset } from './static-files'
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

const MAX_BODY = 80 * 1024 * 1024
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

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY) throw new Error('too large')
    chunks.push(chunk as Buffer)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  return text ? JSON.parse(text) : undefined
}

export async function startHost(opts: HostOptions): Promise<Host> {
  const token = opts.token ?? randomBytes(24).toString('base64url')
  const rendererRoot = resolve(opts.rendererDir)
  let origin = ''

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => {
      if (!res.headersSent) json(res, 500, { ok: false, error: { code: 'internal', message: 'The host failed to answer' } })
      else res.destroy()
    })
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin)
    // A page of another origin must not drive the engine, even with a guessed token.
    if (req.headers.origin && req.headers.origin !== origin) return json(res, 403, { ok: false, error: { code: 'forbidden', message: 'Foreign origin' } })

    if (url.pathname.startsWith('/api/invoke/') && req.method === 'POST') {
      if (!sameToken(token, req.headers['x-host-token'] as string | undefined)) return json(res, 401, { ok: false, error: { code: 'forbidden', message: 'Missing or wrong host token' } })
      if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return json(res, 415, { ok: false, error: { code: 'invalid_input', message: 'Send JSON' } })
      let input: unknown
      try {
        input = await readJson(req)
      } catch {
        return json(res, 400, { ok: false, error: { code: 'invalid_input', message: 'The request body is not valid JSON', details: { $: ['Malformed JSON'] } } })
      }
      const route = decodeURIComponent(url.pathname.slice('/api/invoke/'.length))
      return json(res, 200, await opts.controller.dispatch(route, input))
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

    if (url.pathname.startsWith('/library/') && (req.method === 'GET' || req.method === 'HEAD')) {
      if (!sameToken(token, url.searchParams.get('token'))) return void res.writeHead(401).end()
      const rel = decodeURIComponent(url.pathname.slice('/library/'.length))
      const abs = await opts.controller.resolveLibraryFile(rel)
      if (!abs) return void res.writeHead(404).end()
      return sendFile(req, res, abs, { 'Cache-Control': 'private, max-age=3600' })
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405).end()
    const wanted = url.pathname === '/' ? '/index.html' : decodeURIComponent(url.pathname)
    const abs = resolve(rendererRoot, '.' + wanted)
    if (abs !== rendererRoot && !abs.startsWith(rendererRoot + sep)) return void res.writeHead(404).end()
    return sendPageAsset(req, res, wanted, abs, PAGE_HEADERS)
  }

  await new Promise<void>((ok, fail) => {
    server.once('error', fail)
    server.listen(opts.port ?? 0, '127.0.0.1', () => ok())
  })
  const { port } = server.address() as AddressInfo
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
