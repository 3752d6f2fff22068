// The demo service as the app runs it in its own process (demo mode): on a free loopback
// port, keeping its state where the app says, and sending webhooks to the app's loopback
// listener (a private address the service would refuse otherwise).
import { startSimulator, type Simulator } from './index'

/**
 * In demo mode these models deliver pictures with Content Credentials signed by the demo's
 * TEST certificate, so the app's handling of signed files shows without a vendor.
 */
export const DEMO_SIGNING_MODELS = ['i3-1', 'i6-1'] as const

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
    signModels: DEMO_SIGNING_MODELS,
    ...(options.speed ? { speed: options.speed } : {})
  })
}
