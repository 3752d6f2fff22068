// Bounds the sockets an HTTP server holds, so that slow or silent clients cannot use up
// the process's file descriptors. The webhook listener shares its process with the engine
// and the UI server: running out of descriptors there would take all of them down.
//
// Each connection is either `waiting` (it has not yet delivered a whole request: nothing
// sent yet, headers or body still trickling in, or idle between keep-alive requests) or
// `busy` (its request is complete and is being answered). A waiting connection must
// deliver its request headers within `headersTimeoutMs`; the body has its own deadline,
// enforced by the request handler.
import type { Server } from 'node:http'
import type { Socket } from 'node:net'

export interface GuardLimits {
  /** Most sockets held at once. */
  maxConnections: number
  /** How long a connection may take to deliver request headers, from opening or from its previous response. */
  headersTimeoutMs: number
}

interface Tracked {
  phase: 'waiting' | 'busy'
  timer: NodeJS.Timeout | null
}

export class ConnectionGuard {
  // A Map iterates in insertion order, so its first waiting entry is the one that has been
  // waiting longest (entries are moved to the end when they start waiting again).
  private readonly sockets = new Map<Socket, Tracked>()
  /** Connections closed to make room for a newer one. */
  evicted = 0
  /** Connections closed on arrival because every held one was busy. */
  refused = 0
  /** Connections closed because their headers did not arrive in time. */
  timedOut = 0

  constructor(private readonly limits: GuardLimits) {}

  attach(server: Server): void {
    server.on('connection', (socket: Socket) => this.admit(socket))
  }

  /** Sockets held right now. */
  get size(): number {
    return this.sockets.size
  }

  /** The request's headers are in: from here the handler's body deadline applies. */
  headersReceived(socket: Socket): void {
    const entry = this.sockets.get(socket)
    if (entry) this.disarm(entry)
  }

  /** The whole request is in and is being answered: the connection is not evicted now. */
  requestReceived(socket: Socket): void {
    const entry = this.sockets.get(socket)
    if (entry) entry.phase = 'busy'
  }

  /** The response is sent; a kept-alive connection waits again, as the newest waiter. */
  responded(socket: Socket): void {
    const entry = this.sockets.get(socket)
    if (!entry || socket.destroyed) return
    this.sockets.delete(socket)
    this.sockets.set(socket, entry)
    entry.phase = 'waiting'
    this.arm(socket, entry)
  }

  private admit(socket: Socket): void {
    if (this.sockets.size >= this.limits.maxConnections) {
      // At the cap, the connection that has waited longest without delivering a request
      // is closed to make room, rather than the newcomer being turned away. Refusing
      // newcomers would let anyone who holds `maxConnections` slow connections (and
      // reopens them as they time out) lock every real webhook out for as long as they
      // like. Closing the oldest waiter instead means a newcomer always gets in, and a
      // genuine sender, which delivers its whole request within milliseconds, is done
      // long before enough newer connections arrive to make it the oldest. The
      // service retries a delivery that met a closed connection. Busy connections
      // are never closed; only when all are busy is the newcomer refused.
      const victim = this.oldestWaiting()
      if (!victim) {
        this.refused++
        socket.destroy()
        return
      }
      this.evicted++
      this.forget(victim)
      victim.destroy()
    }
    const entry: Tracked = { phase: 'waiting', timer: null }
    this.sockets.set(socket, entry)
    this.arm(socket, entry)
    socket.once('close', () => this.forget(socket))
  }

  private oldestWaiting(): Socket | null {
    for (const [socket, entry] of this.sockets) if (entry.phase === 'waiting') return socket
    return null
  }

  private arm(socket: Socket, entry: Tracked): void {
    this.disarm(entry)
    // Node's own headersTimeout is only checked every connectionsCheckingInterval, and
    // on Node 20 it did not end a connection whose headers stopped half-way (a silent
    // one it did end); this deadline is exact and covers both.
    entry.timer = setTimeout(() => {
      this.timedOut++
      this.forget(socket)
      socket.destroy()
    }, this.limits.headersTimeoutMs)
    entry.timer.unref()
  }

  private disarm(entry: Tracked): void {
    if (entry.timer) clearTimeout(entry.timer)
    entry.timer = null
  }

  private forget(socket: Socket): void {
    const entry = this.sockets.get(socket)
    if (!entry) return
    this.disarm(entry)
    this.sockets.delete(socket)
  }
}
