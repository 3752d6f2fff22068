// The service's API as typed calls: one method per route of the profile's table, each
// response parsed with the contract's schema. The route table may be overridden by the
// user's JSON profile; nothing here spells a path.
import type { Dispatcher } from 'undici'
import { HttpClient, type RetryInfo } from '../client/http'
import {
  DEFAULT_PROFILE, SUBMIT_ROUTE, assetCreatedSchema, catalogSchema, jobAcceptedSchema, jobListSchema, jobSchema,
  legacySubmitResponseSchema, legacyTaskResultSchema, loraCreatedSchema, loraListSchema, loraSchema, meSchema,
  mergeProfile, routePath, uploadSchema
} from '../../../shared/api'
import type {
  AssetRequest, Catalog, Job, JobAccepted, JobKind, JobList, JobListQuery, LegacyRequestInput, LegacyTaskResult, Lora,
  LoraCreated, LoraList, LoraPatch, Me, ProfileOverride, RouteName, ServiceProfile, Upload
} from '../../../shared/api'

export interface ServiceClientOptions {
  baseUrl: string
  legacyBaseUrl: string
  /** Read at each request, so the key is never held in a field that could be logged. */
  apiKey: () => string | null
  profileOverride?: ProfileOverride
  timeoutMs?: number
  maxRetries?: number
  dispatcher?: Dispatcher
  /** Told of every retry (for the engine's log). */
  onRetry?: (info: RetryInfo) => void
}

export interface MultipartFile {
  field: string
  fileName: string
  contentType: string
  data: Uint8Array
}

export class ServiceClient {
  readonly profile: ServiceProfile
  private readonly http: HttpClient
  private readonly legacy: HttpClient

  constructor(private readonly opts: ServiceClientOptions) {
    this.profile = mergeProfile(DEFAULT_PROFILE, opts.profileOverride)
    const common = {
      timeoutMs: opts.timeoutMs ?? 30_000,
      maxRetries: opts.maxRetries ?? 5,
      ...(opts.dispatcher ? { dispatcher: opts.dispatcher } : {}),
      ...(opts.onRetry ? { onRetry: opts.onRetry } : {})
    }
    this.http = new HttpClient({
      baseUrl: opts.baseUrl,
      headers: (): Record<string, string> => {
        const key = opts.apiKey()
        return key ? { 'X-API-Key': key } : {}
      },
      ...common
    })
    this.legacy = new HttpClient({
      baseUrl: opts.legacyBaseUrl,
      headers: (): Record<string, string> => {
        const key = opts.apiKey()
        return key ? { Authorization: key } : {}
      },
      ...common
    })
  }

  private route(name: RouteName) {
    return this.profile.routes[name]
  }

  private async call<T>(name: RouteName, args: { id?: string; query?: Record<string, string | number | undefined>; json?: unknown; body?: FormData; idempotencyKey?: string; parse?: (v: unknown) => T; signal?: AbortSignal }): Promise<{ status: number; data: T }> {
    const route = this.route(name)
    const res = await this.http.request<T>({
      method: route.method,
      path: routePath(route, args.id),
      expectStatus: route.success,
      ...(args.query ? { query: args.query } : {}),
      ...(args.json !== undefined ? { json: args.json } : {}),
      ...(args.body ? { body: args.body } : {}),
      ...(args.idempotencyKey ? { idempotencyKey: args.idempotencyKey } : {}),
      ...(args.parse ? { parse: args.parse } : {}),
      ...(args.signal ? { signal: args.signal } : {})
    })
    return { status: res.status, data: res.data }
  }

  /** Submits a job. The key makes every retry and every resend after a restart the same job. */
  async submit(kind: JobKind, body: unknown, idempotencyKey: string, signal?: AbortSignal): Promise<JobAccepted & { replayed: boolean }> {
    const res = await this.call(SUBMIT_ROUTE[kind], { json: body, idempotencyKey, parse: (v) => jobAcceptedSchema.parse(v), ...(signal ? { signal } : {}) })
    return { ...res.data, replayed: res.status === 200 }
  }

  async getJob(id: string, signal?: AbortSignal): Promise<Job> {
    return (await this.call('getJob', { id, parse: (v) => jobSchema.parse(v), ...(signal ? { signal } : {}) })).data
  }

  async listJobs(query: JobListQuery = {}): Promise<JobList> {
    const q: Record<string, string | number | undefined> = {
      limit: query.limit as number | undefined, cursor: query.cursor, model: query.model, modality: query.modality,
      status: Array.isArray(query.status) ? query.status.join(',') : query.status
    }
    return (await this.call('listJobs', { query: q, parse: (v) => jobListSchema.parse(v) })).data
  }

  async cancelJob(id: string): Promise<Job> {
    return (await this.call('cancelJob', { id, parse: (v) => jobSchema.parse(v) })).data
  }

  async catalog(): Promise<Catalog> {
    return (await this.call('catalog', { parse: (v) => catalogSchema.parse(v) })).data
  }

  async me(): Promise<Me> {
    return (await this.call('me', { parse: (v) => meSchema.parse(v) })).data
  }

  async upload(file: MultipartFile): Promise<Upload> {
    const form = new FormData()
    form.append('file', new Blob([file.data], { type: file.contentType }), file.fileName)
    return (await this.call('upload', { body: form, parse: (v) => uploadSchema.parse(v) })).data
  }

  async createLora(fields: Record<string, string | number | undefined>, images: MultipartFile[]): Promise<LoraCreated> {
    const form = new FormData()
    for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== '') form.append(k, String(v))
    for (const img of images) form.append('images', new Blob([img.data], { type: img.contentType }), img.fileName)
    return (await this.call('createLora', { body: form, parse: (v) => loraCreatedSchema.parse(v) })).data
  }

  async listLoras(cursor?: string): Promise<LoraList> {
    return (await this.call('listLoras', { query: { limit: 100, cursor }, parse: (v) => loraListSchema.parse(v) })).data
  }

  async getLora(id: string): Promise<Lora> {
    return (await this.call('getLora', { id, parse: (v) => loraSchema.parse(v) })).data
  }

  async updateLora(id: string, patch: LoraPatch): Promise<Lora> {
    return (await this.call('updateLora', { id, json: patch, parse: (v) => loraSchema.parse(v) })).data
  }

  async deleteLora(id: string): Promise<void> {
    await this.call('deleteLora', { id })
  }

  async createAsset(req: AssetRequest): Promise<{ assetId: string }> {
    return (await this.call('createAsset', { json: req, parse: (v) => assetCreatedSchema.parse(v) })).data
  }

  async legacySubmit(req: LegacyRequestInput): Promise<{ task_id: string }> {
    const route = this.route('legacySubmit')
    const res = await this.legacy.request({ method: route.method, path: routePath(route), json: req, expectStatus: route.success, legacy: true, parse: (v) => legacySubmitResponseSchema.parse(v) })
    return res.data
  }

  async legacyFetch(taskId: string): Promise<LegacyTaskResult> {
    const route = this.route('legacyFetch')
    const res = await this.legacy.request({ method: route.method, path: routePath(route, taskId), expectStatus: route.success, legacy: true, parse: (v) => legacyTaskResultSchema.parse(v) })
    return res.data
  }
}
