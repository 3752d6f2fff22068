// The pieces of a running demo service that route handlers share.
import type { IncomingMessage } from 'node:http'
import type { FaultInjector } from './faults'
import type { DigestCache } from './file-digest'
import type { Reply } from './http'
import type { JobRunner } from './lifecycle'
import type { LoraRunner } from './lora-lifecycle'
import type { ServiceState } from './service-state'
import type { WebhookSender } from './webhooks'

export interface SimContext extends ServiceState {
  /** Whole-file digests the CDN sends, computed once per file version. */
  digests: DigestCache
  runner: JobRunner
  loraRunner: LoraRunner
  webhooks: WebhookSender
  faults: FaultInjector
}

export interface RequestContext {
  req: IncomingMessage
  url: URL
  /** Path parameters captured by the route (`{id}`, CDN segments). */
  params: string[]
  sim: SimContext
}

export type Handler = (ctx: RequestContext) => Promise<Reply>
