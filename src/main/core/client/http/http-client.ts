// The low-level HTTP client of the service: one request, retried when that is safe,
// answered with parsed data or a typed ApiError.
import { setTimeout as delay } from 'node:timers/promises'
import { Agent, request as undiciRequest } from 'undici'
import type { Dispatcher } from 'undici'
import { errorFromResponse } from './error-response'
import type { ApiError } from './errors'
import { makeRedactor, secretsOf } from './redact'
import type { Redactor } from './redact'
import { buildHeaders, buildUrl, checkBaseUrl, encodeBody, flattenHeaders } from './request-parts'
import { isRepeatable, retryDelayMs, shouldRetry } from './retry-policy'
import { badResponse, decodeSuccess } from './success-body'
import { transportError } from './transport-error'
import type { HttpClientOptions, HttpRequest, HttpResponse, RetryInfo, Sleep } from './types'

const DEFAULTS = {
  timeoutMs: 30_000,
  maxRetries: 5,
  baseDelayMs: 500,
  capDelayMs: 20_000,
  maxRetryAfterMs: 60_000
}

const defaultSleep: Sleep = async (ms, signal) => {
  await delay(ms, undefined, signal ? { signal } : undefined)
}

export class HttpClient {
  readonly baseUrl: string
  // Private fields: not enumerable, so neither JSON.stringify nor a logger walks into them.
  readonly #authHeaders: () => Record<string, string>
  readonly #dispatcher: Dispatcher
  readonly #ownsDispatcher: boolean
  readonly #timeoutMs: number
  readonly #maxRetries: number
  readonly #delays: { baseDelayMs: number; capDelayMs: number; maxRetryAfterMs: number; random?: () => number }
  readonly #sleep: Sleep
  readonly #onRetry: ((info: RetryInfo) => void) | undefined

  constructor(options: HttpClientOptions) {
    checkBaseUrl(options.baseUrl)
    this.baseUrl = options.baseUrl
    this.#authHeaders = options.headers ?? (() => ({}))
    // undici's Agent keeps connections alive and honours the server's Keep-Alive hint,
    // which avoids reusing a socket the server is about to close.
    this.#dispatcher = options.dispatcher ?? new Agent({ keepAliveTimeout: 4_000 })
    this.#ownsDispatcher = options.dispatcher === undefined
    this.#timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs
    this.#maxRetries = Math.max(0, options.maxRetries ?? DEFAULTS.maxRetries)
    this.#delays = {
      baseDelayMs: options.baseDelayMs ?? DEFAULTS.baseDelayMs,
      capDelayMs: options.capDelayMs ?? DEFAULTS.capDelayMs,
      maxRetryAfterMs: options.maxRetryAfterMs ?? DEFAULTS.maxRetryAfterMs,
      random: options.random
    }
    this.#sleep = options.sleep ?? defaultSleep
    this.#onRetry = options.onRetry
  }

  /**
   * Sends a request, retrying network failures, 429 and 5xx with full-jitter backoff
   * when repeating is safe (GET, HEAD, or a request with an idempotency key).
   * Throws an ApiError, or the caller's abort reason when `signal` aborts.
   */
  async request<T = unknown>(req: HttpRequest<T>): Promise<HttpResponse<T>> {
    const route = `${req.method} ${req.path}`
    const repeatable = isRepeatable(req.method, req.idempotencyKey)
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.#attempt(req, route)
      } catch (err) {
        if (req.signal?.aborted) throw req.signal.reason
        if (attempt >= this.#maxRetries || !shouldRetry(err, repeatable)) throw err
        const delayMs = retryDelayMs(err, attempt, this.#delays)
        this.#notifyRetry({ attempt: attempt + 1, delayMs, error: err as ApiError, route })
        await this.#wait(delayMs, req.signal)
      }
    }
  }

  /** Closes the connection pool if the client made it. */
  async close(): Promise<void> {
    if (this.#ownsDispatcher) await this.#dispatcher.close()
  }

  async #attempt<T>(req: HttpRequest<T>, route: string): Promise<HttpResponse<T>> {
    const authHeaders = this.#authHeaders()
    const redact = makeRedactor(secretsOf(authHeaders, req.headers))
    const encoded = await encodeBody(req)
    const headers = buildHeaders(authHeaders, req.headers, encoded.contentType, req.idempotencyKey)
    const timeoutMs = req.timeoutMs ?? this.#timeoutMs
    const timeout = AbortSignal.timeout(timeoutMs)
    const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout
    const url = buildUrl(this.baseUrl, req.path, req.query)

    let response: Dispatcher.ResponseData
    try {
      response = await undiciRequest(url, {
        method: req.method,
        headers,
        body: encoded.body,
        signal,
        dispatcher: this.#dispatcher
      })
    } catch (err) {
      throw this.#failure(err, req, timeout, timeoutMs, redact, route)
    }

    // Read the whole body whatever the status, so the socket goes back to the pool;
    // if reading fails, destroy the body so the socket is closed rather than leaked.
    let text: string
    try {
      text = await response.body.text()
    } catch (err) {
      response.body.destroy()
      throw this.#failure(err, req, timeout, timeoutMs, redact, route)
    }

    const status = response.statusCode
    const responseHeaders = flattenHeaders(response.headers)
    const success = req.expectStatus ? req.expectStatus.includes(status) : status >= 200 && status < 300
    if (!success) {
      if (status >= 200 && status < 300) {
        throw badResponse(status, route, `status ${status} where ${req.expectStatus?.join(' or ')} was expected`)
      }
      const error = errorFromResponse(status, text, response.headers, { legacy: req.legacy, redact })
      error.route = route
      throw error
    }
    const noContent = status === 204 || status === 205 || req.method === 'HEAD'
    const data = decodeSuccess(status, text, route, req.parse, redact, noContent)
    return { status, data, headers: responseHeaders }
  }

  #failure(
    err: unknown,
    req: HttpRequest<unknown>,
    timeout: AbortSignal,
    timeoutMs: number,
    redact: Redactor,
    route: string
  ): unknown {
    // The caller's cancellation is theirs to handle; it is passed through untouched.
    if (req.signal?.aborted) return req.signal.reason
    const error = transportError(err, { redact, timedOut: timeout.aborted, timeoutMs })
    error.route = route
    return error
  }

  // A cancelled wait ends with the caller's own abort reason, as a cancelled request does.
  async #wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
    try {
      await this.#sleep(ms, signal)
    } catch (err) {
      throw signal?.aborted ? signal.reason : err
    }
  }

  #notifyRetry(info: RetryInfo): void {
    try {
      this.#onRetry?.(info)
    } catch {
      // A faulty listener must not turn a recoverable failure into a crash.
    }
  }
}
