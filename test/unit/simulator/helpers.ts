// Shared helpers of the demo-service tests: each test starts its own service on a free
// port with a fresh data directory, and waits by polling with a bound (`vi.waitFor`), never by sleeping.
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterEach, vi } from 'vitest'
import { DEFAULT_PROFILE, type Job, type RouteName } from '../../../src/shared/api'
import { startSimulator, type Simulator, type SimulatorOptions } from '../../../src/simulator'

const cleanups: Array<() => Promise<void>> = []

afterEach(async () => {
  const tasks = cleanups.splice(0)
  for (const task of tasks.reverse()) await task()
})

/** Runs `fn` after the current test, whatever its outcome. */
export function onCleanup(fn: () => Promise<void>): void {
  cleanups.push(fn)
}

export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'mgsim-test-'))
  onCleanup(() => rm(dir, { recursive: true, force: true }))
  return dir
}

export interface TestSim extends Simulator {
  dataDir: string
}

/** A service for one test: port 0, a temp data dir, fast, no rate limit, quiet. */
export async function startTestSim(options: SimulatorOptions = {}): Promise<TestSim> {
  const dataDir = options.dataDir ?? (await tempDir())
  const sim = await startSimulator({ speed: 50, rateLimit: false, log: () => undefined, ...options, dataDir })
  onCleanup(() => sim.close())
  return Object.assign(sim, { dataDir })
}

/** The path of a route of the default profile, with `{id}` filled. */
export function route(name: RouteName, id?: string): string {
  const path = DEFAULT_PROFILE.routes[name].path
  return id === undefined ? path : path.replace('{id}', encodeURIComponent(id))
}

export interface ApiResponse<T = unknown> {
  status: number
  headers: Headers
  body: T
}

/** One JSON request to the service with its API key (unless `key` says otherwise). */
export async function call<T = Record<string, unknown>>(
  sim: Simulator,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {}
): Promise<ApiResponse<T>> {
  const res = await fetch(sim.url + path, {
    method,
    headers: { 'x-api-key': sim.apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body)
  })
  const text = await res.text()
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T }
}

/** Polls `probe` (with `vi.waitFor`) until it returns a value other than undefined, or fails after `timeoutMs`. */
export function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  return vi.waitFor(async () => {
    const value = await probe()
    if (value === undefined) throw new Error(`Timed out waiting for ${what}`)
    return value
  }, { timeout: timeoutMs, interval: 15 })
}

export async function getJob(sim: Simulator, id: string): Promise<Job> {
  const res = await call<Job>(sim, 'GET', route('getJob', id))
  if (res.status !== 200) throw new Error(`GET job ${id}: ${res.status}`)
  return res.body
}

/** Waits until the job reaches one of `statuses`. */
export function waitForJob(sim: Simulator, id: string, statuses: string[] = ['COMPLETED', 'FAILED', 'CANCELLED'], timeoutMs = 15_000): Promise<Job> {
  return waitFor(async () => {
    const job = await getJob(sim, id)
    return statuses.includes(job.status) ? job : undefined
  }, timeoutMs, `job ${id} to be ${statuses.join('/')}`)
}

/** Submits a generation request to its kind's route; returns the job id. */
export async function submit(sim: Simulator, name: RouteName, body: unknown, headers: Record<string, string> = {}): Promise<string> {
  const res = await call<{ jobId: string }>(sim, 'POST', route(name), body, headers)
  if (res.status !== 202) throw new Error(`submit: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.jobId
}

export async function download(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const res = await fetch(url, { headers })
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) }
}

export function pngBytes(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366aa' } }).png().toBuffer()
}

/** A minimal valid WAV file (RIFF/WAVE header and a few silent samples). */
export function wavBytes(): Buffer {
  const data = Buffer.alloc(64)
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'latin1')
  header.writeUInt32LE(36 + data.length, 4)
  header.write('WAVEfmt ', 8, 'latin1')
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(8000, 24)
  header.writeUInt32LE(16000, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36, 'latin1')
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data])
}

/** A multipart body posted with fetch (FormData builds the boundary). */
export async function postForm(sim: Simulator, path: string, form: FormData): Promise<ApiResponse> {
  const res = await fetch(sim.url + path, { method: 'POST', headers: { 'x-api-key': sim.apiKey }, body: form })
  const text = await res.text()
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) as unknown : null }
}

export function fileOf(bytes: Buffer, name: string, type = 'application/octet-stream'): Blob {
  return new File([new Uint8Array(bytes)], name, { type })
}

/** A manual clock for dates, retention and expiry. */
export function manualClock(start = Date.now()): { now: () => number; advance: (ms: number) => void } {
  let t = start
  return { now: () => t, advance: (ms) => { t += ms } }
}

/** Creates a LoRA from `count` small PNGs; returns its id (status PENDING). */
export async function createLora(sim: Simulator, name = 'Test subject', count = 15): Promise<string> {
  const png = await pngBytes(32, 32)
  const form = new FormData()
  form.set('name', name)
  form.set('subjectKind', 'person')
  for (let i = 0; i < count; i++) form.append('images', fileOf(png, `face-${i}.png`, 'image/png'))
  const res = await postForm(sim, route('createLora'), form)
  if (res.status !== 201) throw new Error(`create LoRA: ${res.status} ${JSON.stringify(res.body)}`)
  return (res.body as { id: string }).id
}

export function waitForLora(sim: Simulator, id: string, statuses: string[]): Promise<Record<string, unknown>> {
  return waitFor(async () => {
    const res = await call(sim, 'GET', route('getLora', id))
    return statuses.includes(String(res.body.status)) ? res.body : undefined
  }, 10_000, `LoRA ${id} to be ${statuses.join('/')}`)
}

export interface Delivery {
  at: number
  headers: IncomingHttpHeaders
  raw: Buffer
  body: Record<string, unknown>
}

/** A local webhook receiver; `status(n, body)` answers the n-th delivery (0-based). */
export async function startReceiver(status: (n: number, body: Record<string, unknown>) => number = () => 200): Promise<{ url: string; received: Delivery[] }> {
  const received: Delivery[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const raw = Buffer.concat(chunks)
      const body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>
      const n = received.length
      received.push({ at: performance.now(), headers: req.headers, raw, body })
      res.writeHead(status(n, body)).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  onCleanup(() => new Promise((resolve) => server.close(() => resolve())))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received }
}
