// An engine over the demo service, in a fresh temp folder: the service's data in
// `<dir>/service`, the engine's in `<dir>/engine`; all of it closed after the test.
// `via` puts a server between them (a proxy that records or misbehaves).
import { join } from 'node:path'
import { Engine, type EngineOptions } from '../../../src/main/core/engine'
import type { JobView } from '../../../src/shared/app/views'
import { startSimulator, type Simulator, type SimulatorOptions } from '../../../src/simulator'
import type { Cleanup } from './cleanup'

interface DemoEngineOptions<P> {
  simulator?: SimulatorOptions
  engine?: Partial<EngineOptions>
  via?(sim: Simulator): Promise<P & { url: string; close(): Promise<unknown> }>
  /** The temp folder's name starts with this. */
  prefix?: string
}

export interface DemoEngine<P> {
  dir: string
  sim: Simulator
  engine: Engine
  /** Every job view the engine has sent, in order. */
  views: JobView[]
  /** The server given by `via`, if any. */
  proxy: P
}

/** A demo service for one test on a free port, fast; closed after the test. */
export async function startTestSimulator(cleanup: Cleanup, dir: string, options: SimulatorOptions = {}): Promise<Simulator> {
  const sim = await startSimulator({ port: 0, speed: 20, dataDir: join(dir, 'service'), ...options })
  cleanup.defer(() => sim.close())
  return sim
}

/** The engine's options for talking to `sim` (webhooks off: the engine polls). */
export function engineOptionsFor(sim: Simulator, dataDir: string, options: Partial<EngineOptions> = {}): EngineOptions {
  return { dataDir, baseUrl: sim.url, legacyBaseUrl: sim.legacyUrl, apiKey: () => sim.apiKey, webhooks: { mode: 'off' }, ...options }
}

export async function startDemoEngine<P = undefined>(cleanup: Cleanup, options: DemoEngineOptions<P> = {}): Promise<DemoEngine<P>> {
  const dir = await cleanup.tempDir(options.prefix ?? 'demo-engine-')
  const sim = await startTestSimulator(cleanup, dir, options.simulator)
  const proxy = options.via ? await options.via(sim) : undefined
  if (proxy) cleanup.defer(() => proxy.close())
  const engine = new Engine(engineOptionsFor(sim, join(dir, 'engine'), { ...(proxy ? { baseUrl: proxy.url } : {}), ...options.engine }))
  const views: JobView[] = []
  engine.on('job', (v) => views.push(v))
  await engine.start()
  cleanup.defer(() => engine.close())
  return { dir, sim, engine, views, proxy: proxy as P }
}
