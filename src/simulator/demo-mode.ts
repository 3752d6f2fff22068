// The demo service as the app runs it in its own process (demo mode): on a free loopback
// port, keeping its state where the app says, and sending webhooks to the app's loopback
// listener (a private address the service would refuse otherwise).
import { startSimulator, type Simulator } from './index'

export interface DemoModeOptions {
  dataDir: string
  /** Divides every duration; tests and demos run faster than real time. */
  speed?: number
}

export function startDemoService(options: DemoModeOptions): Promise<Simulator> {
  return startSimulator({
    port: 0,
    allowPrivateWebhooks: true,
    dataDir: options.dataDir,
    ...(options.speed ? { speed: options.speed } : {})
  })
}
