// An HttpClient wired for tests: waits are recorded instead of slept, jitter is fixed.
import { afterEach } from 'vitest'
import { HttpClient } from '../../../src/main/core/client/http'
import { startServer, type Responder, type TestServer } from './test-server'
import type { HttpClientOptions, RetryInfo } from '../../../src/main/core/client/http'

export const API_KEY = 'mgk_0123456789abcdef0123456789abcdef'

export interface TestClient {
  client: HttpClient
  /** Every wait the client asked for, in ms. */
  delays: number[]
  retries: RetryInfo[]
}

export function testClient(baseUrl: string, options: Partial<HttpClientOptions> = {}): TestClient {
  const delays: number[] = []
  const retries: RetryInfo[] = []
  const client = new HttpClient({
    baseUrl,
    headers: () => ({ 'X-API-Key': API_KEY }),
    random: () => 0.5,
    sleep: async (ms) => {
      delays.push(ms)
    },
    onRetry: (info) => retries.push(info),
    ...options
  })
  return { client, delays, retries }
}

/**
 * A local test server plus a client for it, both closed after each test. Call once at
 * the top of a test file; it registers the clean-up hook.
 */
export function serverClientSetup(): {
  setup(responders: Responder | Responder[], options?: Partial<HttpClientOptions>): Promise<{ server: TestServer } & TestClient>
  /** Further clean-ups a test needs, run after it in reverse order. */
  cleanups: Array<() => Promise<void>>
} {
  const cleanups: Array<() => Promise<void>> = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })
  const setup = async (responders: Responder | Responder[], options: Partial<HttpClientOptions> = {}) => {
    const server = await startServer(responders)
    const fixture = testClient(server.url, options)
    cleanups.push(server.close, () => fixture.client.close())
    return { server, ...fixture }
  }
  return { setup, cleanups }
}
