// An HttpClient wired for tests: waits are recorded instead of slept, jitter is fixed.
import { HttpClient } from '../../../src/main/core/client/http'
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
