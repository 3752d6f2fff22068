// The pieces of a running demo service that route handlers share.
import type { IncomingMessage } from 'node:http'
import type { FaultInjector } from './faults'
import type { DigestCache } from './file-digest'
import type { Reply } from './http'
import type { JobRunner } from './lifecycle'
import type { LoraRunner } from './lora-lifecycle'
import type { FileStore } from './state/files'
import type { Store } from './state/store'
import type { HostResolver } from './webhook-target'
import type { WebhookSender } from './webhooks'

export interface SimConfig {
  /** Divides every duration of the service (processing, training, retry delays). */
  speed: number
  retentionMs: number
  allowPrivateWebhooks: boolean
  /** Resolves webhook host names, to refuse those that point at private addresses. */
  resolveHost: HostResolver
}

export interface SimContext {
  /** `http://host:port`, known once the server listens. */
  baseUrl(): string
  config: SimConfig
  store: Store
  files: FileStore
  /** Whole-file digests the CDN sends, computed once per file version. */
  digests: DigestCache
  runner: JobRunner
  loraRunner: LoraRunner
  webhooks: WebhookSender
  faults: FaultInjector
  log(message: string): void
}

export interface RequestContext {
  req: IncomingMessage
  url: URL
  /** Path parameters captured by the route (`{id}`, CDN segments). */
  params: string[]
  sim: SimContext
}

export type Handler = (ctx: RequestContext) => Promise<Reply>
