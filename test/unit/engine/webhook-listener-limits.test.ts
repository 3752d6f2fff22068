// The webhook listener under slow and silent clients: a cap on connections and a deadline
// on every stage, so that it cannot run the process (shared with the engine and the UI
// server) out of file descriptors. Real sockets throughout.
import { execFileSync } from 'node:child_process'
import { createHash, createHmac } from 'node:crypto'
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_LISTENER_LIMITS, WEBHOOK_PATH, WebhookListener, type ListenerLimits, type WebhookHint } from '../../../src/main/core/webhooks/listener'

const API_KEY = 'mgk_0123456789abcdef0123456789abcdef'
// The spec's signature rule, computed here independently of the app's code.
const SECRET = createHash('sha256').update(API_KEY).digest('hex')
const sign = (body: string) => 'sha256=' + createHmac('sha256', SECRET).update(body).digest('hex')
const completed = (jobId: string) =>
  JSON.stringify({ event: 'completed', jobId, status: 'COMPLETED', progress: 100, result: { images: [] }, model: 'i1-1', creditCost: 3, completedAt: new Date().toISOString() })

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function startListener(hints: WebhookHint[], limits?: Partial<ListenerLimits>) {
  const listener = new WebhookListener({ port: 0, secret: () => SECRET, legacySecret: () => 'legacy-secret-value', onHint: (h) => hints.push(h), ...(limits ? { limits } : {}) })
  const { port } = await listener.start()
  cleanups.push(() => listener.close())
  return { listener, port }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The soft limit on open files of this process (its children inherit it). */
function fdLimit(): number {
  try {
    const out = execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim()
    return out === 'unlimited' ? Infinity : Number(out) || 1024
  } catch {
    return 1024
  }
}

/**
 * Descriptors this process holds for sockets whose local end is the listener's port, as
 * the kernel sees them: /proc/self/net/tcp lists every IPv4 socket of the network
 * namespace with its inode, and /proc/self/fd names the socket inode behind each of this
 * process's descriptors. Only sockets with a descriptor count: a connection still waiting
 * in the listening socket's queue, or one whose descriptor is closed but which lingers
 * (TIME_WAIT and the like; some kernels keep its inode a while), holds none. Only this
 * process can bind the listener's port, so these are the listener's sockets. Null where
 * /proc is not available.
 *
 * Read synchronously on purpose: the kernel produces the table piecemeal, so a read
 * spread over several turns of the event loop would count sockets closed and opened
 * meanwhile as if they were open together. Blocking the only thread that opens and
 * closes these sockets makes the reading a true snapshot.
 */
function listenerSockets(port: number, cap: number): number | null {
  let table: string
  try {
    table = readFileSync('/proc/self/net/tcp', 'utf8')
  } catch {
    return null
  }
  const portHex = port.toString(16).toUpperCase().padStart(4, '0')
  const inodes = new Set<string>()
  for (const line of table.split('\n').slice(1)) {
    const f = line.trim().split(/\s+/)
    if (f.length < 10) continue
    const [, local, , state, , , , , , inode] = f
    // 0A is LISTEN: the listening socket itself.
    if (local?.endsWith(':' + portHex) && state !== '0A' && inode && inode !== '0') inodes.add(inode)
  }
  // The table alone counts too many, never too few: the descriptors are looked at (a
  // thousand system calls, which would slow the listener if done at every sample) only
  // when it is over the cap.
  if (inodes.size <= cap) return inodes.size
  let n = 0
  for (const fd of readdirSync('/proc/self/fd')) {
    let target: string
    try {
      target = readlinkSync(`/proc/self/fd/${fd}`)
    } catch {
      continue // closed since the folder was read
    }
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1]
    if (inode && inodes.has(inode)) n++
  }
  return n
}

/**
 * Clients that hold connections open as cheaply as they can: even-numbered ones send
 * nothing, odd-numbered ones send headers announcing a body and then trickle it a byte
 * every 100 ms. When the listener closes one, it comes back a second later, so the
 * pressure lasts for the whole test.
 */
class SlowClients {
  private readonly sockets = new Set<Socket>()
  private readonly timers = new Set<NodeJS.Timeout>()
  private stopped = false
  connected = 0
  closedByListener = 0
  /** Connections opened again after the listener closed the one before. */
  reconnected = 0

  constructor(private readonly port: number, private readonly count: number) {}

  start(): void {
    for (let i = 0; i < this.count; i++) this.open(i)
  }

  private open(i: number): void {
    if (this.stopped) return
    const socket = connect(this.port, '127.0.0.1')
    this.sockets.add(socket)
    let trickle: NodeJS.Timeout | null = null
    socket.on('connect', () => {
      this.connected++
      if (i % 2 === 0) return
      socket.write(`POST ${WEBHOOK_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n`)
      trickle = setInterval(() => socket.write('x'), 100)
    })
    socket.on('data', () => undefined)
    socket.on('error', () => undefined)
    socket.on('close', () => {
      if (trickle) clearInterval(trickle)
      this.sockets.delete(socket)
      if (this.stopped) return
      this.closedByListener++
      const again = setTimeout(() => {
        this.timers.delete(again)
        this.reconnected++
        this.open(i)
      }, 1_000 + Math.random() * 500)
      this.timers.add(again)
    })
  }

  stop(): void {
    this.stopped = true
    for (const t of this.timers) clearTimeout(t)
    for (const s of this.sockets) s.destroy()
  }
}

/** One delivery attempt on a fresh connection, as the service makes it; the status, or null on a network error. */
function deliver(port: number, body: string, timeoutMs: number): Promise<number | null> {
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, path: WEBHOOK_PATH, method: 'POST', agent: false, timeout: timeoutMs, headers: { 'content-type': 'application/json', 'x-webhook-signature': sign(body), 'x-webhook-event': 'completed' } },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? null))
        res.on('error', () => resolve(null))
      }
    )
    req.on('timeout', () => req.destroy())
    req.on('error', () => resolve(null))
    req.end(body)
  })
}

/**
 * Delivers until a 2xx, retrying refused, reset or timed-out attempts as the service does
 * (each attempt gives up after a second, as the service's would; the pause between them is
 * shorter than its 5 s backoff), at most `maxAttempts` times.
 */
async function deliverWithRetries(port: number, body: string, maxAttempts: number): Promise<{ status: number | null; attempts: number }> {
  let attempts = 0
  let status: number | null = null
  while (attempts < maxAttempts) {
    attempts++
    // As patient as a sender under load: a busy machine may take seconds to answer.
    status = await deliver(port, body, 3_000)
    if (status !== null && status >= 200 && status < 300) break
    await sleep(100)
  }
  return { status, attempts }
}

/** A GET on a fresh connection; resolves with the body, rejects if the connection fails. */
function get(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (d: string) => (body += d))
      res.on('end', () => resolve(body))
    })
    req.on('error', reject)
    req.end()
  })
}

/** A stand-in for the host's UI server, living in the same process as the listener. */
async function startUiServer(): Promise<number> {
  const server: Server = createServer((_req, res) => res.end('ui'))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  cleanups.push(() => {
    server.closeAllConnections()
    return new Promise<void>((resolve) => server.close(() => resolve()))
  })
  return (server.address() as AddressInfo).port
}

/**
 * A raw client socket, closed after the test. The client itself never closes it, so
 * `closed` resolving means the listener closed it; `answered` resolves with the first
 * response's status line, or null if the connection closes first.
 */
function rawSocket(port: number) {
  const socket = connect(port, '127.0.0.1')
  let received = ''
  socket.on('data', (d) => (received += d.toString('latin1')))
  socket.on('error', () => undefined)
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
  const opened = new Promise<void>((resolve) => socket.on('connect', () => resolve()))
  const statusLine = new Promise<string>((resolve) => socket.on('data', () => received.includes('\r\n') && resolve(received.slice(0, received.indexOf('\r\n')))))
  const answered = Promise.race([statusLine, closed.then(() => null)])
  cleanups.push(() => void socket.destroy())
  return { socket, closed, opened, answered, received: () => received }
}

describe('webhook listener under slow clients', () => {
  it('keeps its sockets under the cap, the UI server answering and valid webhooks landing while 1,000 slow clients press on it', async () => {
    // Each slow client holds one descriptor in this process, and so does each socket the
    // listener accepts (at most the cap). Where the open-files limit is too low for
    // 1,000 clients plus the cap plus the test runner's own, fewer clients are used.
    const clients = Math.max(0, Math.min(1_000, fdLimit() - DEFAULT_LISTENER_LIMITS.maxConnections - 300))
    const cap = DEFAULT_LISTENER_LIMITS.maxConnections
    const hints: WebhookHint[] = []
    const { listener, port } = await startListener(hints)
    const uiPort = await startUiServer()

    const slow = new SlowClients(port, clients)
    cleanups.push(() => slow.stop())
    slow.start()
    await vi.waitFor(() => expect(slow.connected).toBeGreaterThanOrEqual(clients), { timeout: 20_000, interval: 20 })
    await vi.waitFor(() => expect(listener.connections).toBe(cap), { timeout: 10_000, interval: 20 })

    // Sampled throughout, from the kernel's table and from the listener's own count.
    let maxKernel = 0
    let maxTracked = 0
    let kernelSeen = false
    let sampling = true
    const sampler = (async () => {
      while (sampling) {
        const n = listenerSockets(port, cap)
        if (n !== null) {
          kernelSeen = true
          maxKernel = Math.max(maxKernel, n)
        }
        maxTracked = Math.max(maxTracked, listener.connections)
        await sleep(25)
      }
    })()

    try {
      // (a) The UI server in the same process still has descriptors to take connections.
      for (let i = 0; i < 3; i++) expect(await get(uiPort)).toBe('ui')

      // (b) A valid, signed webhook lands, retried as the service retries: a newcomer is
      // let in by closing the longest-waiting slow client, so it takes few attempts.
      const delivery = await deliverWithRetries(port, completed('job-under-load'), 20)
      expect(delivery.status).toBe(204)
      // The hint is given as the 204 is sent, before the client can read it.
      expect(hints).toEqual([{ jobId: 'job-under-load', event: 'completed' }])

      expect(await get(uiPort)).toBe('ui')
      // Let closed slow clients come back and press on it again.
      const reconnectedBefore = slow.reconnected
      await vi.waitFor(() => expect(slow.reconnected).toBeGreaterThan(reconnectedBefore + 20), { timeout: 20_000, interval: 20 })
      expect(await get(uiPort)).toBe('ui')
    } finally {
      sampling = false
      await sampler
    }

    // (c) The listener never held more than its cap. Between turns of the event loop,
    // which is when the sampler looks, that is exact: a newcomer beyond the cap is
    // accepted (one descriptor over, for an instant) and the oldest waiter is closed in
    // the same synchronous 'connection' callback, and closing a socket releases its
    // descriptor at once.
    expect(maxTracked).toBeLessThanOrEqual(cap)
    if (kernelSeen) expect(maxKernel).toBeLessThanOrEqual(cap)
    // The pressure was real: with every client connected and the listener at its cap, it
    // had to close at least the clients beyond it (counted as each client sees its close).
    await vi.waitFor(() => expect(slow.closedByListener).toBeGreaterThanOrEqual(clients - cap), { timeout: 10_000, interval: 20 })

    slow.stop()
    await vi.waitFor(() => expect(listener.connections).toBe(0), { timeout: 10_000, interval: 20 })
  }, 120_000)

  const quick: Partial<ListenerLimits> = { headersTimeoutMs: 300, bodyTimeoutMs: 300, keepAliveTimeoutMs: 200 }

  it('closes a connection that sends nothing, or stops half-way through its headers', async () => {
    const { port } = await startListener([], quick)
    const silent = rawSocket(port)
    const halfHeaders = rawSocket(port)
    await halfHeaders.opened
    halfHeaders.socket.write(`POST ${WEBHOOK_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\n`)
    // Neither client ever closes: only the listener's deadlines can.
    await silent.closed
    await halfHeaders.closed
  })

  it('answers 408 to a body that trickles in too slowly, and closes the connection', async () => {
    const { port } = await startListener([], quick)
    const c = rawSocket(port)
    await c.opened
    c.socket.write(`POST ${WEBHOOK_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n`)
    const trickle = setInterval(() => c.socket.write('x'), 50)
    cleanups.push(() => clearInterval(trickle))
    expect(await c.answered).toMatch(/^HTTP\/1\.1 408/)
    await c.closed
  })

  it('lets an idle kept-alive connection go soon after its response', async () => {
    const { port } = await startListener([], quick)
    const c = rawSocket(port)
    await c.opened
    // A complete request (unsigned, so 401), on a connection the client keeps alive.
    c.socket.write(`POST ${WEBHOOK_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n\r\n{}`)
    expect(await c.answered).toMatch(/^HTTP\/1\.1 401/)
    await c.closed
  })

  it('at the cap, closes the longest-waiting unfinished connection to let a newcomer in', async () => {
    const hints: WebhookHint[] = []
    const { listener, port } = await startListener(hints, { maxConnections: 3 })
    const held = [rawSocket(port), rawSocket(port), rawSocket(port)]
    for (const h of held) await h.opened
    await vi.waitFor(() => expect(listener.connections).toBe(3), { timeout: 10_000, interval: 20 })
    // The oldest also started a request, but has not finished sending it. Asking for
    // `100 Continue` makes the listener say when it has read the headers.
    held[0]!.socket.write(`POST ${WEBHOOK_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\nContent-Length: 1000\r\n\r\nx`)
    await vi.waitFor(() => expect(held[0]!.received()).toMatch(/^HTTP\/1\.1 100 Continue/))
    const delivery = await deliverWithRetries(port, completed('job-at-cap'), 1)
    expect(delivery).toEqual({ status: 204, attempts: 1 })
    expect(hints).toEqual([{ jobId: 'job-at-cap', event: 'completed' }])
    await held[0]!.closed
    // The next-oldest is still open: a request on it is answered (unsigned, so 401).
    held[1]!.socket.write(`POST ${WEBHOOK_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n\r\n{}`)
    expect(await held[1]!.answered).toMatch(/^HTTP\/1\.1 401/)
    expect(listener.connections).toBeLessThanOrEqual(3)
  })
})
