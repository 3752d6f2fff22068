// A stand-in for Electron's `net.request` (what electron-updater fetches with), played by
// Node's http module. It keeps to what Electron does where the app could tell: it takes
// only the options Electron's ClientRequest takes and a session from `session`, reports a
// failed connection as Chromium does (an Error whose message is `net::ERR_…`, no code),
// follows redirects by itself unless asked for 'manual' (then emits 'redirect'), and never
// emits Node-only events such as 'socket'.
import { EventEmitter } from 'node:events'
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http'

const KNOWN_OPTIONS = new Set(['method', 'url', 'session', 'partition', 'protocol', 'host', 'hostname', 'port', 'path', 'redirect', 'headers'])

/** Chromium's names for what Node reports as error codes. */
const NET_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'net::ERR_CONNECTION_REFUSED',
  ECONNRESET: 'net::ERR_CONNECTION_RESET',
  ENOTFOUND: 'net::ERR_NAME_NOT_RESOLVED',
  ETIMEDOUT: 'net::ERR_CONNECTION_TIMED_OUT',
  EHOSTUNREACH: 'net::ERR_ADDRESS_UNREACHABLE'
}

export interface NetRequestOptions {
  method?: string
  url?: string
  session?: unknown
  protocol?: string
  host?: string
  hostname?: string
  port?: string | number
  path?: string
  redirect?: 'follow' | 'error' | 'manual'
  headers?: Record<string, string | number | string[]>
}

function urlOf(o: NetRequestOptions): URL {
  if (o.url) return new URL(o.url)
  const port = o.port ? `:${o.port}` : ''
  return new URL(`${o.protocol ?? 'http:'}//${o.hostname ?? o.host ?? 'localhost'}${port}${o.path ?? '/'}`)
}

class FakeClientRequest extends EventEmitter {
  private node: ClientRequest | null = null
  private aborted = false

  constructor(private readonly options: NetRequestOptions, private readonly requested: string[]) {
    super()
  }

  end(body?: Buffer | string): void {
    this.send(urlOf(this.options), 0, body)
  }

  abort(): void {
    if (this.aborted) return
    this.aborted = true
    this.node?.destroy()
    queueMicrotask(() => this.emit('abort'))
  }

  private send(url: URL, redirects: number, body?: Buffer | string): void {
    if (url.protocol !== 'http:') throw new Error(`net stub: only http:// is served in the tests, not ${url.href}`)
    this.requested.push(url.pathname)
    const headers = Object.fromEntries(Object.entries(this.options.headers ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]))
    const req = httpRequest(url, { method: this.options.method ?? 'GET', headers }, (res) => this.received(url, res, redirects))
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (this.aborted) return
      this.emit('error', new Error(NET_ERRORS[err.code ?? ''] ?? 'net::ERR_FAILED'))
    })
    this.node = req
    req.end(body)
  }

  private received(url: URL, res: IncomingMessage, redirects: number): void {
    const status = res.statusCode ?? 0
    const location = res.headers.location
    if (status >= 300 && status < 400 && location) {
      res.resume()
      const next = new URL(location, url)
      if (this.options.redirect === 'manual') this.emit('redirect', status, this.options.method ?? 'GET', next.href, res.headers)
      else if (this.options.redirect === 'error' || redirects >= 20) this.emit('error', new Error('net::ERR_TOO_MANY_REDIRECTS'))
      else this.send(next, redirects + 1)
      return
    }
    this.emit('response', res)
  }
}

/** `net.request` over Node's http; `isSession` says whether a value came from the stub's `session`. */
export function netRequest(options: NetRequestOptions, isSession: (s: unknown) => boolean, requested: string[]): EventEmitter {
  for (const key of Object.keys(options)) if (!KNOWN_OPTIONS.has(key)) throw new Error(`electron stub: net.request has no option '${key}'`)
  if (options.session !== undefined && !isSession(options.session)) throw new Error('electron stub: net.request was given a session that is not one')
  return new FakeClientRequest(options, requested)
}
