// Which requests and connections the Node host takes at all, before any token is looked at.
//
// The host listens on 127.0.0.1 only, but a page of any web site can still reach it through
// DNS rebinding: its own name, re-pointed at 127.0.0.1, makes the browser send requests that
// are same-origin to that page. Such requests carry the attacker's name in `Host`, so only
// the host's own names are served. And since any local program may open sockets, their
// number is capped, an idle one giving way to a new one so the page is always answered.
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

/** Sockets held at once: the page needs a handful (calls, the event stream, media ranges). */
export const MAX_CONNECTIONS = 96
/** A client that has not sent its request headers by then is dropped. */
const HEADERS_TIMEOUT_MS = 15_000
/** Time to receive a whole request, body included (the largest is a LoRA's picture set). */
const REQUEST_TIMEOUT_MS = 120_000
/** An idle kept-alive socket is closed after this long. */
const KEEP_ALIVE_TIMEOUT_MS = 5_000

/** The `Host` values this host answers to: its own loopback names on its own port. */
function ownHosts(port: number): ReadonlySet<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`])
}

/** The origins a page served by this host has. */
function ownOrigins(port: number): ReadonlySet<string> {
  return new Set([...ownHosts(port)].map((host) => `http://${host}`))
}

type Refusal = { status: number; code: string; message: string }

/** Why a request must not be served, judged by its `Host` and `Origin` alone; null to go on. */
export function refuseByHeaders(req: IncomingMessage, port: number): Refusal | null {
  const host = (req.headers.host ?? '').toLowerCase()
  if (!ownHosts(port).has(host)) {
    return {
      status: 421,
      code: 'forbidden',
      message: `This host answers only to 127.0.0.1:${port} or localhost:${port}, not to ${JSON.stringify(req.headers.host ?? '')}`
    }
  }
  // A page of another origin must not drive the engine, even with a guessed token.
  const origin = req.headers.origin
  if (origin !== undefined && !ownOrigins(port).has(origin.toLowerCase())) {
    return { status: 403, code: 'forbidden', message: 'Foreign origin' }
  }
  return null
}

/** The request's URL, or null when it is not one (a request line no URL parser takes). */
export function parseRequestUrl(raw: string, origin: string): URL | null {
  try {
    return new URL(raw, origin)
  } catch {
    return null
  }
}

/** The request path decoded, or null when its percent-encoding is malformed. */
export function decodePathPart(part: string): string | null {
  try {
    return decodeURIComponent(part)
  } catch {
    return null
  }
}

/**
 * Caps the server's sockets at `max`. A new connection over the cap closes the longest-idle
 * socket (one with no request in progress, a silent one included); when every socket is
 * busy, the new one is closed instead.
 */
export function capConnections(server: Server, max: number = MAX_CONNECTIONS): void {
  server.headersTimeout = HEADERS_TIMEOUT_MS
  server.requestTimeout = REQUEST_TIMEOUT_MS
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS
  // Requests in progress per socket. A socket is moved to the end whenever it becomes idle,
  // so the first idle one in the map is the one idle the longest.
  const inFlight = new Map<Socket, number>()
  server.on('connection', (socket: Socket) => {
    if (inFlight.size >= max) {
      const oldestIdle = [...inFlight].find(([, n]) => n === 0)?.[0]
      if (oldestIdle === undefined) return void socket.destroy()
      inFlight.delete(oldestIdle)
      oldestIdle.destroy()
    }
    inFlight.set(socket, 0)
    socket.once('close', () => inFlight.delete(socket))
  })
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket
    const before = inFlight.get(socket)
    if (before === undefined) return
    inFlight.set(socket, before + 1)
    res.once('close', () => {
      const left = (inFlight.get(socket) ?? 1) - 1
      if (!inFlight.delete(socket) || socket.destroyed) return
      inFlight.set(socket, left)
    })
  })
}
