// What every part of a running demo service reads and writes: its settings, its records,
// its files, its address and its log. The job and LoRA runners, the webhook sender, the
// views and the retention sweep take only this, so none of them depends on the context
// that holds them all (context.ts).
import type { FileStore } from './state/files'
import type { Store } from './state/store'
import type { HostResolver } from './webhook-target'

export interface SimConfig {
  /** Divides every duration of the service (processing, training, retry delays). */
  speed: number
  retentionMs: number
  allowPrivateWebhooks: boolean
  /** Resolves webhook host names, to refuse those that point at private addresses. */
  resolveHost: HostResolver
  /** Models whose pictures are delivered with Content Credentials, signed with the demo's test certificate. */
  signModels: ReadonlySet<string>
}

export interface ServiceState {
  /** `http://host:port`, known once the server listens. */
  baseUrl(): string
  config: SimConfig
  store: Store
  files: FileStore
  log(message: string): void
}
